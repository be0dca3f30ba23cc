import { CheckIcon, VisuallyHidden } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import type { KycStep } from '../lib/flow.ts';

/**
 * Where the customer is in the flow: "Step 3 of 8" in words, and the steps as an ordered list whose current one
 * carries aria-current="step" (its name is shown from a tablet up; on a phone only the markers and the heading).
 * A step is ticked when the server has its parts (`done`), not merely because it comes before the current one.
 */
export function KycProgress({
  steps,
  current,
  done,
}: {
  steps: readonly KycStep[];
  current: KycStep;
  done: ReadonlySet<KycStep>;
}) {
  const { t } = useTranslation('kyc');
  const index = steps.indexOf(current);
  return (
    <nav className="kyc-progress" aria-label={t('flow.progress')}>
      <p className="kyc-progress__count">{t('flow.stepOf', { number: index + 1, count: steps.length })}</p>
      <ol className="kyc-progress__list">
        {steps.map((step, position) => {
          const state = position === index ? 'current' : done.has(step) ? 'done' : 'todo';
          return (
            <li
              key={step}
              className={`kyc-progress__item kyc-progress__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="kyc-progress__marker" aria-hidden="true">
                {state === 'done' ? <CheckIcon size={14} /> : position + 1}
              </span>
              <span className="kyc-progress__name">
                {t(`steps.${step}.short`)}
                {state === 'done' ? <VisuallyHidden>{t('flow.stepDone')}</VisuallyHidden> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
