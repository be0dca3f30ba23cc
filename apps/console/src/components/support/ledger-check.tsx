import { useRouteContext } from '@tanstack/react-router';
import type { Ledger } from '@tessera/contracts';
import { Alert, Card } from '@tessera/ui';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { dateTimeFormat, formatAmount, type VerificationRun } from './support-api.ts';
import { Facts } from './support-parts.tsx';

/** The latest check of a ledger: passed or failed, when and by whom, the totals compared and the problems found. */
export function LedgerCheckResult({ ledger, run }: { ledger: Ledger; run: VerificationRun | undefined }) {
  const { t } = useTranslation('support');
  const { session } = useRouteContext({ from: '/_staff' });
  const language = currentLanguage();
  if (!run) {
    return (
      <Card title={t('ledger.result', { code: ledger.code })} headingLevel={3}>
        <p className="support-muted">{t('ledger.notChecked')}</p>
      </Card>
    );
  }
  const { result } = run;
  const amount = (text: string) => formatAmount(text, ledger.code, language);
  const facts: [string, string][] = [
    [t('ledger.transfersChecked'), String(result.transfersChecked)],
    [t('ledger.accountsChecked'), String(result.accountsChecked)],
    [t('ledger.debitsPosted'), amount(result.totals.debitsPosted)],
    [t('ledger.creditsPosted'), amount(result.totals.creditsPosted)],
    [t('ledger.debitsPending'), amount(result.totals.debitsPending)],
    [t('ledger.creditsPending'), amount(result.totals.creditsPending)],
    [t('ledger.headSequence'), result.headSequence],
  ];
  return (
    <Card title={t('ledger.result', { code: ledger.code })} headingLevel={3}>
      <Alert tone={run.ok ? 'success' : 'danger'}>
        {run.ok ? t('ledger.resultPassed') : t('ledger.resultFailed', { count: result.problems.length })}
      </Alert>
      <p className="support-muted support-ran">
        {t('ledger.ranAt', {
          time: dateTimeFormat(language).format(new Date(run.ranAt)),
          who: run.ranBy === session.userId ? t('ledger.you') : t('ledger.anotherAdmin'),
          ms: run.durationMs,
        })}
      </p>
      <Facts facts={facts}>
        <div className="support-facts__wide">
          <dt>{t('ledger.headHash')}</dt>
          <dd>
            <code className="support-code">{result.headHash}</code>
          </dd>
        </div>
      </Facts>
      {result.problems.length > 0 ? (
        <>
          <h4>{t('ledger.problems')}</h4>
          <ul className="console-list">
            {result.problems.map((problem, index) => (
              <li key={index}>
                <code className="support-code">{JSON.stringify(problem)}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}
