import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { Ledger } from '@tessera/contracts';
import { Alert, Badge, Button, Card, PageHeader, Table, TableScroll, useToast } from '@tessera/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { LedgerAccounts, LedgerTransfers } from './ledger-browse.tsx';
import { LedgerCheckResult } from './ledger-check.tsx';
import { dateTimeFormat, ledgersQueryOptions, runLedgerCheck, type VerificationRun } from './support-api.ts';
import { errorKey, ReferenceForm } from './support-parts.tsx';

/**
 * Admins: the bank's ledgers by asset with the latest ledger check of each (hash chain, balances, debits equal
 * credits) and when it ran; a check on demand; and, for the chosen ledger, its accounts and transfers page by page.
 * Asks for the case or ticket reference first; every read and check is recorded in the audit log with it.
 */
export function LedgerExplorerPage({
  selected,
  onSelect,
  reference,
  onReference,
}: {
  selected: string | undefined;
  onSelect: (code: string) => void;
  reference: string | undefined;
  onReference: (reference: string | undefined) => void;
}) {
  const { t } = useTranslation('support');
  if (!reference) {
    return (
      <>
        <PageHeader title={t('ledger.title')} description={t('ledger.lead')} />
        <ReferenceForm
          onSubmit={onReference}
          title={t('ledger.referenceTitle')}
          submitLabel={t('ledger.referenceSubmit')}
        />
      </>
    );
  }
  return (
    <LedgerExplorer selected={selected} onSelect={onSelect} reference={reference} onReference={onReference} />
  );
}

function LedgerExplorer({
  selected,
  onSelect,
  reference,
  onReference,
}: {
  selected: string | undefined;
  onSelect: (code: string) => void;
  reference: string;
  onReference: (reference: string | undefined) => void;
}) {
  const { t } = useTranslation('support');
  const { api } = useRouteContext({ from: '/_staff' });
  const ledgers = useQuery(ledgersQueryOptions(api, reference));
  const check = useLedgerCheck(reference);
  const ledger = ledgers.data?.ledgers.find((item) => item.code === selected);
  return (
    <>
      <PageHeader
        title={t('ledger.title')}
        description={
          <>
            {t('ledger.lead')} {t('ledger.referenceLead', { reference })}{' '}
            <Button variant="ghost" size="sm" onClick={() => onReference(undefined)}>
              {t('customer.changeReference')}
            </Button>
          </>
        }
        actions={
          <Button
            variant="secondary"
            loading={check.isPending}
            loadingLabel={t('ledger.checking')}
            disabled={!ledgers.data}
            onClick={() => check.mutate(ledgers.data?.ledgers.map((item) => item.code) ?? [])}
          >
            {t('ledger.checkAll')}
          </Button>
        }
      />
      {ledgers.isError ? <Alert>{t(errorKey(ledgers.error))}</Alert> : null}
      <LedgerTable
        ledgers={ledgers.data?.ledgers ?? []}
        runs={ledgers.data?.runs ?? new Map()}
        pending={ledgers.isPending}
        checking={check.isPending ? check.variables : []}
        onCheck={(code) => {
          onSelect(code);
          check.mutate([code]);
        }}
        onSelect={onSelect}
      />
      {ledger ? (
        <section className="support-ledger" aria-labelledby="ledger-detail">
          <h2 id="ledger-detail" className="console-sr-only">
            {t('ledger.result', { code: ledger.code })}
          </h2>
          <LedgerCheckResult ledger={ledger} run={ledgers.data?.runs.get(ledger.code)} />
          {/* Keyed by ledger: another ledger starts on its own newest transfers and first accounts. */}
          <LedgerTransfers key={`transfers-${ledger.code}`} ledger={ledger} reference={reference} />
          <LedgerAccounts key={`accounts-${ledger.code}`} ledger={ledger} reference={reference} />
        </section>
      ) : null}
    </>
  );
}

/** Runs the check of each ledger given, one after the other, then reads the latest runs again. */
function useLedgerCheck(reference: string) {
  const { api } = useRouteContext({ from: '/_staff' });
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation('support');
  return useMutation({
    mutationFn: async (codes: string[]) => {
      for (const code of codes) {
        await runLedgerCheck(api, code, reference);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ledger', 'ledgers', reference] }),
    onError: (error) => toast.show({ tone: 'danger', title: t(errorKey(error)) }),
  });
}

function LedgerTable({
  ledgers,
  runs,
  pending,
  checking,
  onCheck,
  onSelect,
}: {
  ledgers: readonly Ledger[];
  runs: ReadonlyMap<string, VerificationRun>;
  pending: boolean;
  checking: readonly string[];
  onCheck: (code: string) => void;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation('support');
  const time = dateTimeFormat(currentLanguage());
  return (
    <Card padding="none">
      <TableScroll label={t('ledger.ledgersCaption')}>
        <Table<Ledger>
          caption={t('ledger.ledgersCaption')}
          rows={ledgers}
          getRowKey={(row) => row.code}
          empty={pending ? t('console:loading') : t('ledger.never')}
          columns={[
            { key: 'code', header: t('ledger.asset'), rowHeader: true, cell: (row) => row.code },
            { key: 'kind', header: t('ledger.kind'), cell: (row) => t(`ledger.assetKind.${row.assetKind}`) },
            {
              key: 'transfers',
              header: t('ledger.transfers'),
              numeric: true,
              cell: (row) => row.headSequence,
            },
            {
              key: 'check',
              header: t('ledger.lastCheck'),
              cell: (row) => <LastCheck run={runs.get(row.code)} time={time} />,
            },
            {
              key: 'actions',
              header: t('ledger.actions'),
              cell: (row) => (
                <span className="console-badges">
                  <Button
                    size="sm"
                    loading={checking.includes(row.code)}
                    loadingLabel={t('ledger.checking')}
                    aria-label={t('ledger.checkOf', { code: row.code })}
                    onClick={() => onCheck(row.code)}
                  >
                    {t('ledger.check')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('ledger.exploreOf', { code: row.code })}
                    onClick={() => onSelect(row.code)}
                  >
                    {t('ledger.explore')}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      </TableScroll>
    </Card>
  );
}

function LastCheck({ run, time }: { run: VerificationRun | undefined; time: Intl.DateTimeFormat }) {
  const { t } = useTranslation('support');
  if (!run) {
    return <span className="support-muted">{t('ledger.never')}</span>;
  }
  return (
    <span className="support-stack">
      <Badge tone={run.ok ? 'success' : 'danger'}>{run.ok ? t('ledger.passed') : t('ledger.failed')}</Badge>
      <span className="support-muted">{time.format(new Date(run.ranAt))}</span>
    </span>
  );
}
