import clsx from 'clsx';
import { useId } from 'react';
import type { HTMLAttributes, ReactNode } from 'react';

/** Props of {@link Card}. */
export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The element: 'section' with a title becomes a region named by it. Default 'div'. */
  as?: 'div' | 'section' | 'article' | 'aside' | 'li';
  /** 'raised' floats with a soft shadow; 'outline' is flat with a border; 'subtle' sits on a tinted surface. */
  variant?: 'raised' | 'outline' | 'subtle';
  padding?: 'none' | 'sm' | 'md' | 'lg';
  /** A heading at the top of the card. */
  title?: ReactNode;
  /** The heading level of the title. Default 2. */
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  /** Controls at the top right (a link, an IconButton). */
  actions?: ReactNode;
  /** Lifts on hover: for cards that are wholly a link (put the link inside; the card is not focusable). */
  interactive?: boolean;
}

/** A surface grouping related content, with an optional header (title, description, actions). */
export function Card({
  as: Element = 'div',
  variant = 'raised',
  padding = 'md',
  title,
  headingLevel = 2,
  description,
  actions,
  interactive = false,
  className,
  children,
  ...rest
}: CardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <Element
      aria-labelledby={title !== undefined && Element !== 'div' ? titleId : undefined}
      {...rest}
      className={clsx(
        'ts-card',
        `ts-card--${variant}`,
        `ts-card--pad-${padding}`,
        interactive && 'ts-card--interactive',
        className,
      )}
    >
      {hasHeader ? (
        <div className="ts-card__header">
          <div className="ts-card__heading">
            {title !== undefined ? (
              <Heading id={titleId} className="ts-card__title">
                {title}
              </Heading>
            ) : null}
            {description !== undefined ? <p className="ts-card__description">{description}</p> : null}
          </div>
          {actions !== undefined ? <div className="ts-card__actions">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </Element>
  );
}
