import clsx from 'clsx';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { CloseIcon } from '../icons';
import { IconButton } from './icon-button';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Controlled open state; leave both out and pass a trigger for an uncontrolled dialog. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog (a Button); focus returns to it on close. */
  trigger?: ReactElement;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** The dialog's accessible description (required: it tells what the dialog is for). */
  description: ReactNode;
  /** Keep the description for screen readers only. */
  hideDescription?: boolean;
  /** The accessible name of the close button ("Close"). */
  closeLabel: string;
  children?: ReactNode;
  /** Actions at the bottom, end-aligned (e.g. Cancel in a DialogClose, then the primary action). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A modal dialog on Radix Dialog: focus trapped and restored, Escape and the overlay close it. */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  hideDescription = false,
  closeLabel,
  children,
  footer,
  size = 'md',
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="ts-dialog__overlay" />
        <RadixDialog.Content className={clsx('ts-dialog', `ts-dialog--${size}`, className)}>
          <div className="ts-dialog__header">
            <div className="ts-dialog__heading">
              <RadixDialog.Title className="ts-dialog__title">{title}</RadixDialog.Title>
              <RadixDialog.Description
                className={clsx('ts-dialog__description', hideDescription && 'ts-visually-hidden')}
              >
                {description}
              </RadixDialog.Description>
            </div>
          </div>
          {children ? <div className="ts-dialog__body">{children}</div> : null}
          {footer ? <div className="ts-dialog__footer">{footer}</div> : null}
          {/* Last in reading order, so opening the dialog focuses its first field or action, not Close. */}
          <RadixDialog.Close asChild>
            <IconButton label={closeLabel} size="sm" className="ts-dialog__close">
              <CloseIcon size={18} />
            </IconButton>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Wrap a button with it to close the surrounding dialog: `<DialogClose asChild><Button>…</Button></DialogClose>`. */
export const DialogClose = RadixDialog.Close;
