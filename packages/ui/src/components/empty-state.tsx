import clsx from 'clsx';
import type { ReactNode } from 'react';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** An icon or small illustration, decorative. */
  icon?: ReactNode;
  /** The next step ("Add money"). */
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** What a list or page shows when there is nothing yet, and what to do about it. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={clsx('ts-empty-state', className)}>
      {icon ? (
        <div className="ts-empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="ts-empty-state__title">{title}</Heading>
      {description ? <p className="ts-empty-state__description">{description}</p> : null}
      {action ? <div className="ts-empty-state__action">{action}</div> : null}
    </div>
  );
}
