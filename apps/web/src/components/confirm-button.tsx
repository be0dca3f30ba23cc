import { Button, type ButtonProps } from '@tessera/ui';
import type { MouseEvent } from 'react';

/**
 * The value of `data-assist` on every button that confirms a money movement. Live assist (issue #18,
 * docs/security.md) lets a support agent click and type in the customer's page once the customer grants remote
 * control; the tracker's assist refuses the agent's clicks on an element inside `[data-assist="confirm"]` (and tells
 * the agent), so that only the customer's own click moves money.
 */
export const ASSIST_CONFIRM = 'confirm';

/** What {@link confirmClickHandler} reads of a click: React's event and the browser's event under it. */
export interface ConfirmClick {
  readonly nativeEvent: { readonly isTrusted: boolean };
  preventDefault(): void;
  stopPropagation(): void;
}

/**
 * The click handler of a money confirmation: the second line behind the tracker's refusal. A click the browser did
 * not make from the person's own mouse, touch or keyboard (`isTrusted` false: a script's `dispatchEvent`, which is
 * how remote control clicks) is cancelled, so a submit button submits nothing, and `onClick` is not called. The
 * person's own clicks, including the click the browser makes when Enter submits a form, are trusted and pass.
 */
export function confirmClickHandler<E extends ConfirmClick>(
  onClick?: (event: E) => void,
): (event: E) => void {
  return (event) => {
    if (!event.nativeEvent.isTrusted) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    onClick?.(event);
  };
}

/**
 * A button that confirms a money movement (a transfer, a withdrawal, a deposit, an order, a card action): the
 * design system's button, marked for live assist and deaf to untrusted clicks. Use it for every such button.
 */
export function ConfirmButton({ onClick, ...props }: ButtonProps) {
  return (
    <Button
      {...props}
      data-assist={ASSIST_CONFIRM}
      onClick={confirmClickHandler<MouseEvent<HTMLButtonElement>>(onClick)}
    />
  );
}
