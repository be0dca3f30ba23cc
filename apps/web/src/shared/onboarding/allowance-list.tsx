import type { KycLevel } from '@tessera/contracts';
import { CheckIcon } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { formatAmountText } from '#/lib/money.ts';
import { allowancesOf } from './level-allowances.ts';
import './onboarding.css';

/** What `level` allows, one line each, with the policy's EUR amounts in the page's language. */
export function AllowanceList({ level }: { level: KycLevel }) {
  const { t } = useTranslation('onboarding');
  const language = currentLanguage();
  return (
    <ul className="onb-allows">
      {allowancesOf(level).map((line) => (
        <li key={line.key} className="onb-allows__item">
          {line.key === 'noMoney' ? null : <CheckIcon aria-hidden="true" className="onb-allows__icon" />}
          <span>
            {t(
              `allows.${line.key}`,
              Object.fromEntries(
                Object.entries(line.amounts ?? {}).map(([name, amount]) => [
                  name,
                  formatAmountText(amount, 'EUR', language, { trim: true }),
                ]),
              ),
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "Level 1 · Basic". */
export function useLevelLabel() {
  const { t } = useTranslation('onboarding');
  return (level: KycLevel) => t('levels.label', { level, name: t(`levels.${level}.name`) });
}
