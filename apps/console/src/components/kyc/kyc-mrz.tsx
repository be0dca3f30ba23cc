import {
  KYC_MRZ_COMPARED_FIELDS,
  type KycCaseDetail,
  type KycMrzCheck,
  type KycMrzComparedField,
} from '@tessera/contracts';
import { Badge, Card, Table } from '@tessera/ui';
import { useTranslation } from '../../lib/i18n.ts';

interface Row {
  field: KycMrzComparedField;
  declared: string | null;
  zone: string | null;
  result: 'match' | 'mismatch' | 'absent';
}

/** The server's check of the zone (at review time, or as stored with the document). */
function mrzOf(detail: KycCaseDetail): KycMrzCheck | null {
  return detail.mrzCheck ?? detail.application.document?.mrz ?? null;
}

/** The declared value of each compared field, and the zone's reading of it. */
function rowsOf(detail: KycCaseDetail): Row[] {
  const { personal, document } = detail.application;
  const fields = mrzOf(detail)?.fields;
  const declared: Record<KycMrzComparedField, string | null> = {
    firstName: personal?.firstName ?? null,
    lastName: personal?.lastName ?? null,
    birthDate: personal?.birthDate ?? null,
    nationality: personal?.nationality ?? null,
    issuingCountry: document?.issuingCountry ?? null,
    documentNumber: document?.number ?? null,
    expiryDate: document?.expiryDate ?? null,
  };
  const zone: Record<KycMrzComparedField, string | null> = {
    firstName: fields?.firstName ?? null,
    lastName: fields?.lastName ?? null,
    birthDate: fields?.birthDate ?? null,
    nationality: fields?.nationality ?? null,
    issuingCountry: fields?.issuingState ?? null,
    documentNumber: fields?.documentNumber ?? null,
    expiryDate: fields?.expiryDate ?? null,
  };
  const mismatches = mrzOf(detail)?.mismatches ?? [];
  return KYC_MRZ_COMPARED_FIELDS.map((field) => ({
    field,
    declared: declared[field],
    zone: zone[field],
    result: mismatches.includes(field) ? 'mismatch' : zone[field] === null ? 'absent' : 'match',
  }));
}

const RESULT_TONES = { match: 'success', mismatch: 'danger', absent: 'neutral' } as const;

/** Declared data beside the machine-readable zone, field by field, and the check-digit result. */
export function KycMrzComparison({ detail }: { detail: KycCaseDetail }) {
  const { t } = useTranslation('kyc');
  const check = mrzOf(detail);
  if (!check) {
    return (
      <Card title={t('mrz.title')} headingLevel={2}>
        <p>{t('mrz.none')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('mrz.title')} description={t('mrz.lead')} headingLevel={2} padding="md">
      <Table<Row>
        caption={t('mrz.tableCaption')}
        rows={rowsOf(detail)}
        getRowKey={(row) => row.field}
        density="compact"
        columns={[
          {
            key: 'field',
            header: t('mrz.field'),
            rowHeader: true,
            cell: (row) => t(`fields.${row.field}`),
          },
          {
            key: 'result',
            header: t('mrz.result'),
            cell: (row) => <Badge tone={RESULT_TONES[row.result]}>{t(`mrz.${row.result}`)}</Badge>,
          },
          { key: 'declared', header: t('mrz.declared'), cell: (row) => row.declared ?? '—' },
          { key: 'zone', header: t('mrz.zone'), cell: (row) => row.zone ?? '—' },
        ]}
      />
      <h3 className="kyc-subheading">{t('mrz.checkDigits')}</h3>
      {check.valid ? (
        <p>
          <Badge tone="success">{t('mrz.validBadge')}</Badge>{' '}
          {t('mrz.valid', { format: check.format ?? '—' })}
        </p>
      ) : (
        <p>
          <Badge tone="danger">{t('mrz.invalidBadge')}</Badge>{' '}
          {t('mrz.invalid', { fields: check.invalidFields.join(', ') || '—' })}
        </p>
      )}
      <h3 className="kyc-subheading">{t('mrz.lines')}</h3>
      <pre className="kyc-mrz-lines" tabIndex={0} aria-label={t('mrz.lines')}>
        {check.lines.join('\n')}
      </pre>
    </Card>
  );
}
