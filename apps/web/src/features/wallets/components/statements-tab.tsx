import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Statement, StatementEntry, Wallet } from '@tessera/contracts';
import { Banner, Button, EmptyState, Select, Skeleton, TableScroll } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { statementMonthsQueryOptions } from '../api/get-statement-months.ts';
import { statementQueryOptions } from '../api/get-statement.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { useDownloadStatementCsv } from '../api/download-statement-csv.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatAmountText } from '#/lib/money.ts';
import { describeDetails } from '#/shared/cash/presentation.ts';
import { formatDateTime } from '#/components/cash/activity-list.tsx';

/** "2026-11" as "November 2026" / "novembre 2026". */
export function formatMonth(month: string, language: 'en' | 'fr'): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? month
    : new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(date);
}

/** Monthly statements: pick a month, read its movements and totals, download the CSV, see the chain check value. */
export function StatementsTab({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const call = useCashCall();
  const months = useQuery(statementMonthsQueryOptions(call, wallet.id));
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? months.data?.months[0] ?? null;
  if (months.isPending) {
    return <Skeleton shape="block" height="120px" />;
  }
  if (months.isError) {
    return <Banner tone="danger">{errorMessage(t, months.error)}</Banner>;
  }
  if (!month) {
    return (
      <EmptyState
        headingLevel={3}
        title={t('statements.emptyTitle')}
        description={t('statements.emptyText')}
      />
    );
  }
  return (
    <div className="cash-section">
      <Select
        label={t('statements.month')}
        value={month}
        onValueChange={setChosen}
        options={months.data.months.map((value) => ({ value, label: formatMonth(value, language) }))}
      />
      <StatementView wallet={wallet} month={month} />
    </div>
  );
}

function StatementView({ wallet, month }: { wallet: Wallet; month: string }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const call = useCashCall();
  const statement = useQuery(statementQueryOptions(call, wallet.id, month));
  const download = useDownloadStatementCsv();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  if (statement.isPending) {
    return <Skeleton shape="block" height="160px" />;
  }
  if (statement.isError) {
    return <Banner tone="danger">{errorMessage(t, statement.error)}</Banner>;
  }
  return (
    <div className="cash-statement">
      {downloadError ? <Banner tone="danger">{downloadError}</Banner> : null}
      <div className="app-cluster">
        <Button
          variant="secondary"
          loading={downloading}
          loadingLabel={t('statements.downloading')}
          onClick={async () => {
            setDownloading(true);
            setDownloadError(null);
            try {
              await download(wallet.id, month);
            } catch (failure) {
              setDownloadError(errorMessage(t, failure));
            } finally {
              setDownloading(false);
            }
          }}
        >
          {t('statements.downloadCsv')}
        </Button>
      </div>
      <StatementBody statement={statement.data} />
    </div>
  );
}

function StatementBody({ statement }: { statement: Statement }) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  const money = (amount: string) => formatAmountText(amount, statement.asset, language);
  return (
    <>
      <dl className="cash-quote" aria-label={t('statements.totals')}>
        <dt>{t('statements.opening')}</dt>
        <dd>{money(statement.openingBalance)}</dd>
        <dt>{t('statements.in')}</dt>
        <dd>{money(statement.totalIn)}</dd>
        <dt>{t('statements.out')}</dt>
        <dd>{money(statement.totalOut)}</dd>
        <dt>{t('statements.closing')}</dt>
        <dd>
          <strong>{money(statement.closingBalance)}</strong>
        </dd>
      </dl>
      {statement.entries.length === 0 ? (
        <p className="app-muted">{t('statements.noEntries')}</p>
      ) : (
        <TableScroll label={t('statements.caption', { month: formatMonth(statement.month, language) })}>
          <table className="cash-table">
            <caption className="app-muted">
              {t('statements.caption', { month: formatMonth(statement.month, language) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('statements.date')}</th>
                <th scope="col">{t('statements.description')}</th>
                <th scope="col" className="cash-num">
                  {t('statements.amount')}
                </th>
                <th scope="col" className="cash-num">
                  {t('statements.balanceAfter')}
                </th>
              </tr>
            </thead>
            <tbody>
              {statement.entries.map((entry) => (
                <tr key={entry.transferId}>
                  <td>{formatDateTime(entry.postedAt, language)}</td>
                  <td>
                    <StatementEntryLabel entry={entry} />
                  </td>
                  <td className="cash-num">{money(entry.amount)}</td>
                  <td className="cash-num">{money(entry.balanceAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <StatementChainCheck statement={statement} />
    </>
  );
}

/**
 * What a statement line was: its kind in the customer's language ("Card deposit", "Fee"), then what the service
 * knows of it, phrased here ("Paid with Visa card ending 4242", "Currency exchange") or as a person wrote it.
 */
function StatementEntryLabel({ entry }: { entry: StatementEntry }) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  const more = entry.details ? describeDetails(t, entry.details, language) : entry.description;
  return (
    <>
      <span className="cash-statement-kind">{t(`kinds.${entry.kind}`)}</span>
      {more ? <span className="app-muted cash-statement-more">{more}</span> : null}
    </>
  );
}

/** The chain check value: where the statement's last movement sits in the ledger's hash chain. */
function StatementChainCheck({ statement }: { statement: Statement }) {
  const { t } = useTranslation('wallets');
  return (
    <div className="cash-fields">
      <p className="app-muted">{t('statements.chainExplained')}</p>
      {statement.chainCheck ? (
        <dl className="cash-fields">
          <div className="cash-field">
            <dt>{t('statements.chainSequence')}</dt>
            <dd className="cash-mono">{`${statement.chainCheck.ledger} #${statement.chainCheck.sequence}`}</dd>
          </div>
          <div className="cash-field">
            <dt>{t('statements.chainHash')}</dt>
            <dd className="cash-mono">{statement.chainCheck.hash}</dd>
          </div>
        </dl>
      ) : (
        <p>{t('statements.chainNone')}</p>
      )}
    </div>
  );
}
