import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import {
  KYC_SINGLE_SIDED_DOCUMENT_TYPES,
  type KycCaseDetail,
  type KycDecisionRecord,
} from '@tessera/contracts';
import { Alert, ArrowLeftIcon, Badge, Button, Card, PageHeader, Table } from '@tessera/ui';
import type { ReactNode } from 'react';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { kycCaseQueryOptions } from './kyc-api.ts';
import { KycDecisionPanel } from './kyc-decision.tsx';
import { KycDocuments } from './kyc-documents.tsx';
import { bandTone, errorKeys, formatAge, formatDateTime, statusTone } from './kyc-format.ts';
import { KycMrzComparison } from './kyc-mrz.tsx';
import { KycReferenceForm } from './kyc-reference-form.tsx';
import './kyc.css';

function Facts({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="kyc-facts">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Summary({ detail, readAt }: { detail: KycCaseDetail; readAt: number }) {
  const { t } = useTranslation('kyc');
  const language = currentLanguage();
  const { application } = detail;
  const submitted = application.submittedAt;
  return (
    <Card title={t('case.summary')} headingLevel={2}>
      <Facts
        items={[
          [t('case.email'), detail.email ?? '—'],
          [
            t('case.status'),
            <Badge tone={statusTone(application.status)}>{t(`status.${application.status}`)}</Badge>,
          ],
          [t('case.target'), t(`level.${application.targetLevel}`)],
          [t('case.currentLevel'), t('case.currentLevelValue', { level: application.level })],
          [
            t('case.submitted'),
            submitted
              ? `${formatDateTime(submitted, language)} (${formatAge(
                  Math.max(0, (readAt - Date.parse(submitted)) / 1000),
                  language,
                )})`
              : t('queue.notSubmitted'),
          ],
          [t('case.assigned'), detail.assignedTo ?? t('queue.nobody')],
        ]}
      />
    </Card>
  );
}

function Identity({ detail }: { detail: KycCaseDetail }) {
  const { t } = useTranslation('kyc');
  const { personal, address, document } = detail.application;
  const none = t('personal.noData');
  return (
    <Card title={t('personal.title')} headingLevel={2}>
      <Facts
        items={[
          [t('fields.firstName'), personal?.firstName ?? none],
          [t('fields.lastName'), personal?.lastName ?? none],
          [t('fields.birthDate'), personal?.birthDate ?? none],
          [t('fields.nationality'), personal?.nationality ?? none],
        ]}
      />
      <h3 className="kyc-subheading">{t('personal.address')}</h3>
      {address ? (
        <address className="kyc-address">
          {[address.line1, address.line2, `${address.postalCode} ${address.city}`, address.country]
            .filter(Boolean)
            .map((line) => (
              <span key={line}>{line}</span>
            ))}
        </address>
      ) : (
        <p>{none}</p>
      )}
      <h3 className="kyc-subheading">{t('personal.document')}</h3>
      <Facts
        items={[
          [t('personal.documentType'), document ? t(`documentType.${document.type}`) : none],
          [t('fields.issuingCountry'), document?.issuingCountry ?? none],
          [t('fields.documentNumber'), document?.number ?? none],
          [t('fields.expiryDate'), document?.expiryDate ?? none],
        ]}
      />
    </Card>
  );
}

function DueDiligence({ detail }: { detail: KycCaseDetail }) {
  const { t } = useTranslation('kyc');
  const answers = detail.application.dueDiligence;
  if (!answers) {
    return (
      <Card title={t('dueDiligence.title')} headingLevel={2}>
        <p>{t('personal.noData')}</p>
      </Card>
    );
  }
  const funds = answers.sourceOfFunds;
  return (
    <Card title={t('dueDiligence.title')} headingLevel={2}>
      <Facts
        items={[
          [t('dueDiligence.purpose'), t(`dueDiligence.purposes.${answers.purpose}`)],
          [t('dueDiligence.volume'), t(`dueDiligence.volumes.${answers.yearlyVolumeBand}`)],
          [t('dueDiligence.income'), t(`dueDiligence.incomes.${answers.sourceOfIncome}`)],
          [
            t('dueDiligence.pep'),
            answers.politicallyExposed ? (
              <Badge tone="warning">{t('dueDiligence.yes')}</Badge>
            ) : (
              t('dueDiligence.no')
            ),
          ],
          ...(funds
            ? ([
                [
                  t('dueDiligence.sourceOfFunds'),
                  <>
                    <strong>{t(`dueDiligence.origins.${funds.origin}`)}</strong>
                    <span className="kyc-prewrap">{funds.description}</span>
                  </>,
                ],
              ] as [string, ReactNode][])
            : []),
        ]}
      />
    </Card>
  );
}

function Risk({ detail }: { detail: KycCaseDetail }) {
  const { t } = useTranslation('kyc');
  const { risk } = detail;
  return (
    <Card title={t('risk.title')} description={t('risk.explain')} headingLevel={2}>
      <p className="kyc-risk">
        <Badge tone={bandTone(risk.band)}>{t(`band.${risk.band}`)}</Badge>
        <span>{t('risk.score', { score: risk.score })}</span>
      </p>
      <Table
        caption={t('risk.tableCaption')}
        rows={risk.rules}
        getRowKey={(rule) => rule.id}
        empty={t('risk.none')}
        density="compact"
        columns={[
          {
            key: 'rule',
            header: t('risk.rule'),
            rowHeader: true,
            cell: (rule) => t(`riskRules.${rule.id}`, { defaultValue: rule.reason }),
          },
          { key: 'kind', header: t('risk.kind'), cell: (rule) => t(`risk.${rule.kind}`) },
          { key: 'points', header: t('risk.points'), numeric: true, cell: (rule) => rule.score },
        ]}
      />
    </Card>
  );
}

function History({ detail }: { detail: KycCaseDetail }) {
  const { t } = useTranslation('kyc');
  const language = currentLanguage();
  return (
    <Card title={t('history.title')} headingLevel={2} padding="md">
      <Table<KycDecisionRecord>
        caption={t('history.tableCaption')}
        rows={detail.decisions}
        getRowKey={(entry) => `${entry.at}-${entry.reviewerId}-${entry.decision}`}
        empty={t('history.empty')}
        density="compact"
        columns={[
          { key: 'when', header: t('history.when'), cell: (entry) => formatDateTime(entry.at, language) },
          {
            key: 'reviewer',
            header: t('history.reviewer'),
            rowHeader: true,
            cell: (entry) => entry.reviewer,
          },
          {
            key: 'decision',
            header: t('history.decision'),
            cell: (entry) => t(`decision.${entry.decision}`),
          },
          {
            key: 'reason',
            header: t('history.reason'),
            cell: (entry) => <span className="kyc-prewrap">{entry.reason ?? '—'}</span>,
          },
        ]}
      />
    </Card>
  );
}

function BackToQueue() {
  const { t } = useTranslation('kyc');
  return (
    <Button asChild variant="ghost" size="sm" iconStart={<ArrowLeftIcon />}>
      <Link to="/kyc">{t('case.back')}</Link>
    </Button>
  );
}

/** One case, read with the reference given: everything a reviewer weighs, and the decision. */
function KycCase({ caseId, reference }: { caseId: string; reference: string }) {
  const { t } = useTranslation('kyc');
  const { api } = useRouteContext({ from: '/_staff' });
  const query = useQuery(kycCaseQueryOptions(api, caseId, reference));
  if (!query.data) {
    return (
      <>
        <PageHeader back={<BackToQueue />} title={t('queue.title')} />
        {query.isError ? (
          <Alert>{t(errorKeys(query.error))}</Alert>
        ) : (
          <p role="status">{t('case.loading')}</p>
        )}
      </>
    );
  }
  const detail = query.data;
  return (
    <>
      <PageHeader
        back={<BackToQueue />}
        title={t('case.title', { name: detail.customerName })}
        description={t('reference.current', { reference })}
      />
      <div className="kyc-case">
        <Summary detail={detail} readAt={query.dataUpdatedAt} />
        <KycDecisionPanel detail={detail} reference={reference} />
        <div className="kyc-case__wide">
          <KycMrzComparison detail={detail} />
        </div>
        <div className="kyc-case__wide">
          <KycDocuments
            caseId={detail.id}
            reference={reference}
            uploaded={detail.application.files.map((file) => file.slot)}
            singleSided={
              detail.application.document !== null &&
              KYC_SINGLE_SIDED_DOCUMENT_TYPES.includes(detail.application.document.type)
            }
          />
        </div>
        <Identity detail={detail} />
        <DueDiligence detail={detail} />
        <Risk detail={detail} />
        <History detail={detail} />
      </div>
    </>
  );
}

/** A case's page: the reference first (nothing is read before), then the case. */
export function KycCasePage({
  caseId,
  reference,
  onReference,
}: {
  caseId: string;
  reference: string | undefined;
  onReference: (reference: string) => void;
}) {
  const { t } = useTranslation('kyc');
  if (!reference) {
    return (
      <>
        <PageHeader back={<BackToQueue />} title={t('queue.title')} />
        <KycReferenceForm caseId={caseId} onSubmit={onReference} />
      </>
    );
  }
  return <KycCase caseId={caseId} reference={reference} />;
}
