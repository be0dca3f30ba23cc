import clsx from 'clsx';
import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /** The tip: short, supplementary text (never the only place important information lives). */
  content: ReactNode;
  /** The focusable element it describes (a Button, an IconButton). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  /** Hover delay before showing. Default 400 ms. */
  delayMs?: number;
  className?: string;
}

/**
 * Share one delay between neighbouring tooltips; optional (each Tooltip brings its own), but wrapping the app in
 * one makes moving from tip to tip instant.
 */
export const TooltipProvider = RadixTooltip.Provider;

/** A tooltip on Radix Tooltip: shown on hover and keyboard focus, dismissed with Escape. */
export function Tooltip({
  content,
  children,
  side = 'top',
  align = 'center',
  delayMs = 400,
  className,
}: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={delayMs} skipDelayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            align={align}
            sideOffset={6}
            collisionPadding={8}
            className={clsx('ts-tooltip', className)}
          >
            {content}
            <RadixTooltip.Arrow className="ts-tooltip__arrow" width={10} height={5} />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
