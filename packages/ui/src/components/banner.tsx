import clsx from 'clsx';
import type { HTMLAttributes, ReactNode } from 'react';
import { AlertIcon, CloseIcon, InfoIcon, SuccessIcon } from '../icons';
import { IconButton } from './icon-button';

/** The tone of a banner. */
export type BannerTone = 'info' | 'success' | 'warning' | 'danger';

type Dismissal =
  { onDismiss: () => void; dismissLabel: string } | { onDismiss?: undefined; dismissLabel?: undefined };

/** Props of {@link Banner}. */
export type BannerProps = Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> &
  Dismissal & {
    tone?: BannerTone;
    title?: ReactNode;
    /** An action beside the text (a Button or a link). */
    action?: ReactNode;
    /**
     * How it is announced: 'alert' interrupts (errors that block the task), 'status' waits for a pause,
     * 'none' is a static notice present from page load. Default: 'alert' for danger, 'status' otherwise.
     */
    politeness?: 'alert' | 'status' | 'none';
  };

const ICONS: Record<BannerTone, ReactNode> = {
  info: <InfoIcon />,
  success: <SuccessIcon />,
  warning: <AlertIcon />,
  danger: <AlertIcon />,
};

/** A message across a page or section (role alert or status), with an optional action and dismiss button. */
export function Banner({
  tone = 'info',
  title,
  action,
  politeness,
  onDismiss,
  dismissLabel,
  className,
  children,
  ...rest
}: BannerProps) {
  const role = politeness ?? (tone === 'danger' ? 'alert' : 'status');
  return (
    <div
      {...rest}
      role={role === 'none' ? undefined : role}
      className={clsx('ts-banner', `ts-banner--${tone}`, className)}
    >
      <span className="ts-banner__icon">{ICONS[tone]}</span>
      <div className="ts-banner__text">
        {title ? <p className="ts-banner__title">{title}</p> : null}
        {children ? <div className="ts-banner__body">{children}</div> : null}
      </div>
      {action ? <div className="ts-banner__action">{action}</div> : null}
      {onDismiss ? (
        <IconButton label={dismissLabel} size="sm" className="ts-banner__dismiss" onClick={onDismiss}>
          <CloseIcon size={16} />
        </IconButton>
      ) : null}
    </div>
  );
}

/** A Banner announced at once (role alert) whatever its tone: for errors that block what the person is doing. */
export function Alert({ tone = 'danger', ...props }: BannerProps) {
  return <Banner politeness="alert" tone={tone} {...props} />;
}
