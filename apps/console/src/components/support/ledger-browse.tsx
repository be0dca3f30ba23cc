import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { Account, Ledger, Transfer } from '@tessera/contracts';
import { Alert, Button, Card, Table, TableScroll } from '@tessera/ui';
import { useState } from 'react';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import {
  dateTimeFormat,
  formatAmount,
  LEDGER_PAGE_SIZE,
  ledgerAccountsQueryOptions,
  ledgerTransfersQueryOptions,
} from './support-api.ts';
import { errorKey } from './support-parts.tsx';

/** A ledger's transfers, newest first, a page at a time (pages follow the chain's sequence numbers). */
export function LedgerTransfers({ ledger, reference }: { ledger: Ledger; reference: string }) {
  const { t } = useTranslation('support');
  const { api } = useRouteContext({ from: '/_staff' });
  const head = BigInt(ledger.headSequence);
  const newest = head > BigInt(LEDGER_PAGE_SIZE) ? head - BigInt(LEDGER_PAGE_SIZE) : 0n;
  const [after, setAfter] = useState<bigint>(newest);
  const page = useQuery(ledgerTransfersQueryOptions(api, ledger.code, after, reference));
  const rows = [...(page.data?.items ?? [])].reverse();
  const step = BigInt(LEDGER_PAGE_SIZE);
  const caption = t('ledger.transfersCaption', {
    code: ledger.code,
    from: rows.at(-1)?.sequence ?? '0',
    to: rows[0]?.sequence ?? '0',
  });
  return (
    <Card padding="none" title={t('ledger.transfers')} headingLevel={3}>
      {page.isError ? <Alert>{t(errorKey(page.error))}</Alert> : null}
      <TableScroll label={caption}>
        <TransfersTable ledger={ledger} rows={rows} caption={caption} pending={page.isPending} />
      </TableScroll>
      <div className="support-pager">
        <Button
          size="sm"
          variant="secondary"
          disabled={after <= 0n}
          onClick={() => setAfter(after > step ? after - step : 0n)}
        >
          {t('ledger.older')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={after >= newest}
          onClick={() => setAfter(after + step > newest ? newest : after + step)}
        >
          {t('ledger.newer')}
        </Button>
      </div>
    </Card>
  );
}

function TransfersTable({
  ledger,
  rows,
  caption,
  pending,
}: {
  ledger: Ledger;
  rows: readonly Transfer[];
  caption: string;
  pending: boolean;
}) {
  const { t } = useTranslation('support');
  const language = currentLanguage();
  const time = dateTimeFormat(language);
  const flags = (row: Transfer) =>
    Object.entries(row.flags)
      .filter(([, on]) => on)
      .map(([name]) => t(`ledger.flag.${name}`))
      .join(', ') || '—';
  return (
    <Table<Transfer>
      caption={caption}
      hideCaption
      rows={rows}
      getRowKey={(row) => row.id}
      empty={pending ? t('console:loading') : t('ledger.noTransfers')}
      density="compact"
      columns={[
        {
          key: 'sequence',
          header: t('ledger.sequence'),
          rowHeader: true,
          numeric: true,
          cell: (row) => row.sequence,
        },
        { key: 'time', header: t('ledger.time'), cell: (row) => time.format(new Date(row.timestamp)) },
        { key: 'debit', header: t('ledger.debit'), cell: (row) => <AccountId id={row.debitAccountId} /> },
        { key: 'credit', header: t('ledger.credit'), cell: (row) => <AccountId id={row.creditAccountId} /> },
        {
          key: 'amount',
          header: t('ledger.amount'),
          numeric: true,
          cell: (row) => formatAmount(row.amount, ledger.code, language),
        },
        { key: 'code', header: t('ledger.code'), numeric: true, cell: (row) => row.code },
        { key: 'flags', header: t('ledger.flags'), cell: flags },
      ]}
    />
  );
}

/** A ledger's accounts, oldest first, a page at a time. */
export function LedgerAccounts({ ledger, reference }: { ledger: Ledger; reference: string }) {
  const { t } = useTranslation('support');
  const { api } = useRouteContext({ from: '/_staff' });
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const page = useQuery(ledgerAccountsQueryOptions(api, ledger.code, cursors.at(-1) ?? null, reference));
  const language = currentLanguage();
  const caption = t('ledger.accountsCaption', { code: ledger.code });
  return (
    <Card padding="none" title={t('ledger.accounts')} headingLevel={3}>
      {page.isError ? <Alert>{t(errorKey(page.error))}</Alert> : null}
      <TableScroll label={caption}>
        <Table<Account>
          caption={caption}
          hideCaption
          rows={page.data?.items ?? []}
          getRowKey={(row) => row.id}
          empty={page.isPending ? t('console:loading') : t('ledger.noAccounts')}
          density="compact"
          columns={[
            {
              key: 'id',
              header: t('ledger.account'),
              rowHeader: true,
              cell: (row) => <AccountId id={row.id} />,
            },
            { key: 'owner', header: t('ledger.owner'), cell: (row) => <AccountId id={row.ownerId} /> },
            { key: 'type', header: t('ledger.type'), cell: (row) => t(`ledger.accountType.${row.type}`) },
            {
              key: 'status',
              header: t('ledger.status'),
              cell: (row) => t(`values.walletStatus.${row.status}`),
            },
            {
              key: 'balance',
              header: t('ledger.balance'),
              numeric: true,
              cell: (row) => formatAmount(row.balance.posted, ledger.code, language),
            },
          ]}
        />
      </TableScroll>
      <div className="support-pager">
        <Button
          size="sm"
          variant="secondary"
          disabled={cursors.length <= 1}
          onClick={() => setCursors([null])}
        >
          {t('ledger.firstAccounts')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!page.data?.nextCursor}
          onClick={() => setCursors([...cursors, page.data?.nextCursor ?? null])}
        >
          {t('ledger.nextAccounts')}
        </Button>
      </div>
    </Card>
  );
}

/** A long id, shortened on screen, whole for copying and for screen readers. */
function AccountId({ id }: { id: string }) {
  return (
    <code className="support-code" title={id}>
      {id.length > 13 ? (
        <>
          <span aria-hidden="true">{`${id.slice(0, 8)}…${id.slice(-4)}`}</span>
          <span className="console-sr-only">{id}</span>
        </>
      ) : (
        id
      )}
    </code>
  );
}
