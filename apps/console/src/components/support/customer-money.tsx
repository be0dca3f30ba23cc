import type { ActivityItem, CashLimit, Wallet } from '@tessera/contracts';
import { Badge, Card, Table, TableScroll } from '@tessera/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { type CustomerMoney, dateTimeFormat, formatAmount } from './support-api.ts';

/** The customer's wallets with their balances (from the ledger) and IBANs or deposit addresses. */
export function CustomerWallets({ money }: { money: CustomerMoney }) {
  const { t } = useTranslation('support');
  const language = currentLanguage();
  return (
    <Card padding="none" title={t('customer.wallets')} headingLevel={2}>
      <TableScroll label={t('customer.walletsCaption')}>
        <Table<Wallet>
          caption={t('customer.walletsCaption')}
          hideCaption
          rows={money.wallets}
          getRowKey={(row) => row.id}
          empty={t('customer.noWallets')}
          columns={[
            { key: 'name', header: t('customer.walletName'), rowHeader: true, cell: (row) => row.name },
            {
              key: 'kind',
              header: t('customer.kind'),
              cell: (row) => `${row.asset} · ${t(`values.walletKind.${row.kind}`)}`,
            },
            {
              key: 'identifier',
              header: t('customer.identifier'),
              cell: (row) =>
                row.iban ? (
                  <code className="support-code">{row.iban}</code>
                ) : row.depositAddress ? (
                  <code className="support-code">{row.depositAddress.address}</code>
                ) : (
                  '—'
                ),
            },
            {
              key: 'available',
              header: t('customer.available'),
              numeric: true,
              cell: (row) => formatAmount(row.balance.available, row.asset, language),
            },
            {
              key: 'posted',
              header: t('customer.posted'),
              numeric: true,
              cell: (row) => formatAmount(row.balance.posted, row.asset, language),
            },
            {
              key: 'state',
              header: t('customer.state'),
              cell: (row) => (
                <Badge tone={row.status === 'open' ? 'success' : 'warning'}>
                  {t(`values.walletStatus.${row.status}`)}
                </Badge>
              ),
            },
          ]}
        />
      </TableScroll>
    </Card>
  );
}

/** The limits the customer's KYC level gives, used and left over 30 days (EUR). */
export function CustomerLimits({ money }: { money: CustomerMoney }) {
  const { t } = useTranslation('support');
  const language = currentLanguage();
  const amount = (text: string | null) =>
    text === null ? t('customer.none') : formatAmount(text, 'EUR', language);
  return (
    <Card padding="none" title={t('customer.limits')} headingLevel={2}>
      <TableScroll label={t('customer.limitsCaption')}>
        <Table<CashLimit>
          caption={t('customer.limitsCaption')}
          hideCaption
          rows={money.limits.limits}
          getRowKey={(row) => row.operation}
          empty={t('customer.none')}
          density="compact"
          columns={[
            {
              key: 'operation',
              header: t('customer.operation'),
              rowHeader: true,
              cell: (row) => t(`values.operation.${row.operation}`),
            },
            { key: 'limit', header: t('customer.limit'), numeric: true, cell: (row) => amount(row.limit) },
            { key: 'used', header: t('customer.used'), numeric: true, cell: (row) => amount(row.used) },
            {
              key: 'remaining',
              header: t('customer.remaining'),
              numeric: true,
              cell: (row) => amount(row.remaining),
            },
          ]}
        />
      </TableScroll>
    </Card>
  );
}

/** The latest activity over every wallet, newest first. */
export function CustomerActivity({ money }: { money: CustomerMoney }) {
  const { t } = useTranslation('support');
  const language = currentLanguage();
  const time = dateTimeFormat(language);
  return (
    <Card padding="none" title={t('customer.activity')} headingLevel={2}>
      <TableScroll label={t('customer.activityCaption')}>
        <Table<ActivityItem>
          caption={t('customer.activityCaption')}
          hideCaption
          rows={money.recentActivity}
          getRowKey={(row) => `${row.id}:${row.walletId}`}
          empty={t('customer.noActivity')}
          density="compact"
          columns={[
            { key: 'when', header: t('customer.when'), cell: (row) => time.format(new Date(row.createdAt)) },
            {
              key: 'what',
              header: t('customer.what'),
              rowHeader: true,
              cell: (row) => t(`values.activityKind.${row.kind}`),
            },
            {
              key: 'detail',
              header: t('customer.detail'),
              cell: (row) => row.counterparty ?? row.description ?? '—',
            },
            {
              key: 'amount',
              header: t('customer.amount'),
              numeric: true,
              cell: (row) => formatAmount(row.amount, row.asset, language),
            },
            {
              key: 'status',
              header: t('customer.status'),
              cell: (row) => t(`values.activityStatus.${row.status}`),
            },
          ]}
        />
      </TableScroll>
    </Card>
  );
}
