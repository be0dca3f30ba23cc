import clsx from 'clsx';
import type { ReactNode } from 'react';

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  /** The page's heading. */
  title: ReactNode;
  description?: ReactNode;
  /** A small line above the title ("Accounts"). */
  eyebrow?: ReactNode;
  /** A back link above everything (a Button asChild with a Link and an ArrowLeftIcon). */
  back?: ReactNode;
  /** Page actions at the end of the title row. */
  actions?: ReactNode;
  /** Default 1: one h1 per page. */
  headingLevel?: 1 | 2;
  className?: string;
}

/**
 * The top of a page: back link, eyebrow, title, description and actions. A div (not a header element), so it
 * never becomes a second banner landmark.
 */
export function PageHeader({
  title,
  description,
  eyebrow,
  back,
  actions,
  headingLevel = 1,
  className,
}: PageHeaderProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={clsx('ts-page-header', className)}>
      {back ? <div className="ts-page-header__back">{back}</div> : null}
      <div className="ts-page-header__row">
        <div className="ts-page-header__heading">
          {eyebrow ? <p className="ts-page-header__eyebrow">{eyebrow}</p> : null}
          <Heading className="ts-page-header__title">{title}</Heading>
          {description ? <p className="ts-page-header__description">{description}</p> : null}
        </div>
        {actions ? <div className="ts-page-header__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
