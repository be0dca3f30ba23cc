/*
 * The few icons the apps need, drawn here on a 24px grid with a 1.75px round stroke so no icon library ships
 * in the bundle. Icons are decorative (aria-hidden): the control around them carries the accessible name.
 */
import clsx from 'clsx';
import type { ReactNode, SVGProps } from 'react';

/** Props of every icon: SVG attributes plus a pixel size (CSS may override it). */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in pixels. Default 20. */
  size?: number;
}

/** An icon component. */
export type Icon = ((props: IconProps) => ReactNode) & { displayName?: string };

/*
 * Each icon below is created with a @__PURE__ annotation so bundlers drop the icons a page does not import
 * (a top-level call is otherwise kept in case it has side effects).
 */
function createIcon(name: string, glyph: ReactNode): Icon {
  function IconComponent({ size = 20, className, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={clsx('ts-icon', className)}
        {...rest}
      >
        {glyph}
      </svg>
    );
  }
  IconComponent.displayName = name;
  return IconComponent;
}

/** A chevron pointing down; rotate it with CSS or use the other chevrons. */
export const ChevronDownIcon = /* @__PURE__ */ createIcon('ChevronDownIcon', <path d="M6 9.5l6 6 6-6" />);
/** A chevron pointing up. */
export const ChevronUpIcon = /* @__PURE__ */ createIcon('ChevronUpIcon', <path d="M6 14.5l6-6 6 6" />);
/** A chevron pointing right (forward in left-to-right text). */
export const ChevronRightIcon = /* @__PURE__ */ createIcon('ChevronRightIcon', <path d="M9.5 6l6 6-6 6" />);
/** A chevron pointing left. */
export const ChevronLeftIcon = /* @__PURE__ */ createIcon('ChevronLeftIcon', <path d="M14.5 6l-6 6 6 6" />);
/** Up and down chevrons: a column that can be sorted. */
export const SortIcon = /* @__PURE__ */ createIcon('SortIcon', <path d="M8 9.5l4-4 4 4M8 14.5l4 4 4-4" />);
/** A check mark. */
export const CheckIcon = /* @__PURE__ */ createIcon('CheckIcon', <path d="M5 12.5l4.5 4.5L19 7.5" />);
/** A horizontal bar: the indeterminate state of a checkbox. */
export const MinusIcon = /* @__PURE__ */ createIcon('MinusIcon', <path d="M6 12h12" />);
/** A cross: close or dismiss. */
export const CloseIcon = /* @__PURE__ */ createIcon('CloseIcon', <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />);
/** Three bars: open the navigation. */
export const MenuIcon = /* @__PURE__ */ createIcon('MenuIcon', <path d="M4 7h16M4 12h16M4 17h16" />);
/** A sun: the light theme. */
export const SunIcon = /* @__PURE__ */ createIcon(
  'SunIcon',
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2.75v1.5M12 19.75v1.5M2.75 12h1.5M19.75 12h1.5M5.46 5.46l1.06 1.06M17.48 17.48l1.06 1.06M5.46 18.54l1.06-1.06M17.48 6.52l1.06-1.06" />
  </>,
);
/** A crescent moon: the dark theme. */
export const MoonIcon = /* @__PURE__ */ createIcon(
  'MoonIcon',
  <path d="M19.5 14.5A7.75 7.75 0 0 1 9.5 4.5a7.75 7.75 0 1 0 10 10z" />,
);
/** A screen: follow the system theme. */
export const MonitorIcon = /* @__PURE__ */ createIcon(
  'MonitorIcon',
  <>
    <rect x="3" y="4" width="18" height="12.5" rx="2" />
    <path d="M8.5 20.5h7M12 16.5v4" />
  </>,
);
/** A globe: language. */
export const GlobeIcon = /* @__PURE__ */ createIcon(
  'GlobeIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.4 2.5 3.7 5.5 3.7 9s-1.3 6.5-3.7 9c-2.4-2.5-3.7-5.5-3.7-9S9.6 5.5 12 3z" />
  </>,
);
/** A person: the profile or account. */
export const UserIcon = /* @__PURE__ */ createIcon(
  'UserIcon',
  <>
    <circle cx="12" cy="8" r="3.75" />
    <path d="M4.5 20.25c1.3-3.5 4.1-5.25 7.5-5.25s6.2 1.75 7.5 5.25" />
  </>,
);
/** An arrow leaving a door: sign out. */
export const LogoutIcon = /* @__PURE__ */ createIcon(
  'LogoutIcon',
  <path d="M9.5 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h3.5M15.5 16.5L20 12l-4.5-4.5M20 12H9.5" />,
);
/** An arrow pointing left: back. */
export const ArrowLeftIcon = /* @__PURE__ */ createIcon('ArrowLeftIcon', <path d="M19 12H5M11 6l-6 6 6 6" />);
/** A house: home. */
export const HomeIcon = /* @__PURE__ */ createIcon(
  'HomeIcon',
  <path d="M4 10.5L12 4l8 6.5V19a1 1 0 0 1-1 1h-4.25v-5.5h-5.5V20H5a1 1 0 0 1-1-1z" />,
);
/** A warning triangle: alerts and errors. */
export const AlertIcon = /* @__PURE__ */ createIcon(
  'AlertIcon',
  <>
    <path d="M10.3 4.6L2.9 17.5A2 2 0 0 0 4.6 20.5h14.8a2 2 0 0 0 1.7-3L13.7 4.6a2 2 0 0 0-3.4 0z" />
    <path d="M12 9.5v4.25M12 17h.01" />
  </>,
);
/** An i in a circle: information. */
export const InfoIcon = /* @__PURE__ */ createIcon(
  'InfoIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.25M12 7.75h.01" />
  </>,
);
/** A check in a circle: success. */
export const SuccessIcon = /* @__PURE__ */ createIcon(
  'SuccessIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8.25 12.25l2.5 2.5 5-5" />
  </>,
);
/** A magnifying glass: search. */
export const SearchIcon = /* @__PURE__ */ createIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.35-4.35" />
  </>,
);
/** A wallet: accounts and balances. */
export const WalletIcon = /* @__PURE__ */ createIcon(
  'WalletIcon',
  <>
    <path d="M18 8V6a1 1 0 0 0-1-1H6.5A2.5 2.5 0 0 0 4 7.5" />
    <path d="M4 7.5V17a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1H6.5A2.5 2.5 0 0 1 4 7.5z" />
    <path d="M16.25 13.5h.01" />
  </>,
);
/** A rising line over axes: markets and performance. */
export const ChartIcon = /* @__PURE__ */ createIcon(
  'ChartIcon',
  <path d="M4 4v15a1 1 0 0 0 1 1h15M7.5 15l3.5-4 3 2.5L19.5 7" />,
);
/** Two sliders: settings. */
export const SettingsIcon = /* @__PURE__ */ createIcon(
  'SettingsIcon',
  <>
    <path d="M4 7.5h9M18.5 7.5H20M4 16.5h1.5M11 16.5h9" />
    <circle cx="15.75" cy="7.5" r="2.25" />
    <circle cx="8.25" cy="16.5" r="2.25" />
  </>,
);
