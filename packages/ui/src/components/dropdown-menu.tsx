import clsx from 'clsx';
import { DropdownMenu as RadixMenu, Slot } from 'radix-ui';
import type { ComponentPropsWithRef, ReactElement, ReactNode } from 'react';

/** Props of {@link DropdownMenu}. */
export interface DropdownMenuProps {
  /** The button that opens the menu (an IconButton or Button), given its own accessible name. */
  trigger: ReactElement;
  /** DropdownMenuItem, DropdownMenuLabel and DropdownMenuSeparator elements. */
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/** A menu of actions on Radix DropdownMenu: arrow keys, typeahead, Escape, focus returned to the trigger. */
export function DropdownMenu({
  trigger,
  children,
  align = 'end',
  side = 'bottom',
  open,
  onOpenChange,
  className,
}: DropdownMenuProps) {
  return (
    <RadixMenu.Root open={open} onOpenChange={onOpenChange}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className={clsx('ts-popover', 'ts-menu', className)}
        >
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

/** Props of {@link DropdownMenuItem}. */
export interface DropdownMenuItemProps extends ComponentPropsWithRef<typeof RadixMenu.Item> {
  /** A leading icon. */
  icon?: ReactNode;
  /** 'danger' for destructive actions (sign out stays 'default'). */
  tone?: 'default' | 'danger';
}

/**
 * One action. `onSelect` runs it; with `asChild` the item can be a router Link:
 * `<DropdownMenuItem asChild icon={<UserIcon />}><Link to="/profile">{t('profile')}</Link></DropdownMenuItem>`.
 */
export function DropdownMenuItem({
  icon,
  tone = 'default',
  className,
  children,
  ...rest
}: DropdownMenuItemProps) {
  return (
    <RadixMenu.Item
      {...rest}
      className={clsx('ts-menu__item', tone === 'danger' && 'ts-menu__item--danger', className)}
    >
      {icon ? <span className="ts-menu__icon">{icon}</span> : null}
      <Slot.Slottable>{children}</Slot.Slottable>
    </RadixMenu.Item>
  );
}

/** A non-interactive heading inside a menu (e.g. the signed-in user's name). */
export function DropdownMenuLabel({ className, ...rest }: ComponentPropsWithRef<typeof RadixMenu.Label>) {
  return <RadixMenu.Label {...rest} className={clsx('ts-menu__label', className)} />;
}

/** A divider between groups of items. */
export function DropdownMenuSeparator({
  className,
  ...rest
}: ComponentPropsWithRef<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator {...rest} className={clsx('ts-menu__separator', className)} />;
}
