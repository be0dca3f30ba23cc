import type { ReactNode } from 'react';
import { Badge, CheckIcon } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import './onboarding.css';

/** The state of one onboarding step; its badge says it in words (colour is never the only signal). */
export type StepState = 'done' | 'todo' | 'locked' | 'unavailable';

/** A numbered list of steps (an ordered list: screen readers announce "1 of 3"). */
export function StepList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ol className="onb-steps" aria-label={label}>
      {children}
    </ol>
  );
}

/** One step: its number (a tick once done), its title, its state in words, and what to do. */
export function Step({
  number,
  title,
  state,
  children,
}: {
  number: number;
  title: string;
  state: StepState;
  children?: ReactNode;
}) {
  const { t } = useTranslation('onboarding');
  const badge =
    state === 'done' ? (
      <Badge tone="success">{t('steps.done')}</Badge>
    ) : state === 'unavailable' ? (
      <Badge tone="neutral">{t('steps.notAvailable')}</Badge>
    ) : (
      <Badge tone={state === 'todo' ? 'info' : 'neutral'}>{t('steps.todo')}</Badge>
    );
  return (
    <li className={`onb-step onb-step--${state}`}>
      <span className="onb-step__marker" aria-hidden="true">
        {state === 'done' ? <CheckIcon size={16} /> : number}
      </span>
      <div className="onb-step__body">
        <div className="onb-step__head">
          <h3 className="onb-step__title">{title}</h3>
          {badge}
        </div>
        {children}
      </div>
    </li>
  );
}
