import clsx from 'clsx';
import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';

/** One tab of {@link Tabs}. */
export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

/** Props of {@link Tabs}. */
export interface TabsProps {
  /** The accessible name of the tab list ("Account sections"). */
  label: string;
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** 'line' underlines the selected tab; 'pill' fills it. Default 'line'. */
  variant?: 'line' | 'pill';
  className?: string;
}

/** Tabs on Radix Tabs: arrow keys move between tabs, each panel is labelled by its tab. */
export function Tabs({ label, items, variant = 'line', className, defaultValue, ...root }: TabsProps) {
  return (
    <RadixTabs.Root
      {...root}
      defaultValue={defaultValue ?? (root.value === undefined ? items[0]?.value : undefined)}
      className={clsx('ts-tabs', `ts-tabs--${variant}`, className)}
    >
      <RadixTabs.List aria-label={label} className="ts-tabs__list">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className="ts-tabs__tab"
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="ts-tabs__panel">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
