import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CashLimit } from '@tessera/contracts';
import { Banner, Card, Skeleton } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { limitsQueryOptions } from '#/shared/cash/api/get-cash-limits.ts';
import { useCashCall } from '#/shared/cash/api/cash-request.ts';
import { errorMessage } from '#/lib/error-message.ts';
import { formatAmountText } from '#/lib/money.ts';
import { usedPerMille } from '#/shared/cash/presentation.ts';
import './cash.css';

/**
 * "Your limits" (GET /limits): the verification level and, per rolling 30-day limit of the KYC policy, what is
 * used, what is left and the total, in euros; an operation the level does not allow says how to unlock it.
 */
export function LimitsPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation(['wallets', 'errors']);
  const language = currentLanguage();
  const call = useCashCall();
  const limits = useQuery(limitsQueryOptions(call));
  const eur = (amount: string) => formatAmountText(amount, 'EUR', language);
  return (
    <Card as="section" title={t('limits.title')} headingLevel={headingLevel}>
      {limits.isPending ? <Skeleton shape="block" height="120px" /> : null}
      {limits.isError ? <Banner tone="danger">{errorMessage(t, limits.error)}</Banner> : null}
      {limits.data ? (
        <>
          <p className="app-muted">
            {t('limits.level', {
              level: limits.data.kycLevel,
              name: t(`limits.levels.${limits.data.kycLevel}`),
            })}
          </p>
          <ul className="cash-limits" aria-label={t('limits.listLabel')}>
            {limits.data.limits.map((limit) => {
              const name = t(`limits.operations.${limit.operation}`);
              return (
                <li key={limit.operation} className="cash-limits__row">
                  <div className="cash-limits__head">
                    <strong>{name}</strong>
                    {limit.limit === null ? (
                      <span className="app-muted cash-limits__figures">{t('limits.notAllowed')}</span>
                    ) : (
                      <span className="cash-limits__figures">
                        {t('limits.remaining', { amount: eur(limit.remaining) })}
                      </span>
                    )}
                  </div>
                  {limit.limit === null ? null : (
                    <>
                      <meter
                        className="cash-limits__meter"
                        min={0}
                        max={1000}
                        value={usedPerMille(limit)}
                        aria-label={t('limits.meterLabel', { name })}
                        aria-valuetext={t('limits.usedOf', {
                          used: eur(limit.used),
                          total: eur(limit.limit),
                        })}
                      />
                      <span className="app-muted cash-limits__figures">
                        {t('limits.usedOf', { used: eur(limit.used), total: eur(limit.limit) })}
                        {limit.singleMax
                          ? ` · ${t('limits.singleMax', { amount: eur(limit.singleMax) })}`
                          : null}
                      </span>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
          {limits.data.limits.some((limit) => limit.limit === null) ? (
            <p>
              <Link className="app-link" to="/dashboard/KYC/">
                {t('limits.raise')}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}

/**
 * One line beside an amount field: how much more the customer may deposit or withdraw in the rolling 30 days
 * ("You can deposit up to €49,750.00 more in the next 30 days"), or nothing while the limits load.
 */
export function RemainingLimitHint({ operation }: { operation: CashLimit['operation'] }) {
  const { t } = useTranslation('wallets');
  const language = currentLanguage();
  const call = useCashCall();
  const limits = useQuery(limitsQueryOptions(call));
  const limit = limits.data?.limits.find((candidate) => candidate.operation === operation);
  if (!limit || limit.limit === null) {
    return null;
  }
  const eur = (amount: string) => formatAmountText(amount, 'EUR', language);
  return (
    <p className="app-muted cash-limits__figures">
      {t(`limits.hint.${operation}`, { amount: eur(limit.remaining) })}
      {limit.singleMax ? ` ${t('limits.hint.singleMax', { amount: eur(limit.singleMax) })}` : null}
    </p>
  );
}
