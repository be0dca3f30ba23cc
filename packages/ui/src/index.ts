/**
 * @tessera/ui: the Tessera design system. Components, icons, tokens (import '@tessera/ui/styles.css' once in the
 * app) and the exact money formatter. Every visible string arrives through props, already translated.
 */

/** Button: primary, secondary, ghost and danger actions; loading state; asChild to style a router Link. */
export { Button } from './components/button';
/** Types of Button. */
export type { ButtonProps, ButtonSize, ButtonVariant } from './components/button';
/** IconButton: an icon-only button whose required label is its accessible name. */
export { IconButton } from './components/icon-button';
/** Types of IconButton. */
export type { IconButtonProps } from './components/icon-button';
/** TextField: labelled input with hint, error and required marker. */
export { TextField } from './components/text-field';
/** Types of TextField. */
export type { TextFieldProps } from './components/text-field';
/** Select: labelled single choice on Radix Select. */
export { Select } from './components/select';
/** Types of Select. */
export type { SelectOption, SelectProps } from './components/select';
/** Checkbox: labelled checkbox on Radix Checkbox. */
export { Checkbox } from './components/checkbox';
/** Types of Checkbox. */
export type { CheckboxProps } from './components/checkbox';
/** Switch: labelled on/off setting on Radix Switch. */
export { Switch } from './components/switch';
/** Types of Switch. */
export type { SwitchProps } from './components/switch';
/** SegmentedControl: a compact radio group (theme, language). */
export { SegmentedControl } from './components/segmented-control';
/** Types of SegmentedControl. */
export type { SegmentedControlProps, SegmentedOption } from './components/segmented-control';
/** Dialog and DialogClose: a modal on Radix Dialog with required title, description and close label. */
export { Dialog, DialogClose } from './components/dialog';

export { adoptStyleNonce, styleNonce, STYLE_NONCE_META } from './lib/style-nonce';
/** Types of Dialog. */
export type { DialogProps } from './components/dialog';
/** Tabs: tab list and panels on Radix Tabs. */
export { Tabs } from './components/tabs';
/** Types of Tabs. */
export type { TabItem, TabsProps } from './components/tabs';
/** ToastProvider and useToast: transient notifications on Radix Toast. */
export { ToastProvider, useToast } from './components/toast';
/** Types of the toasts. */
export type { ToastApi, ToastOptions, ToastProviderProps, ToastTone } from './components/toast';
/** DropdownMenu and its parts: a menu of actions on Radix DropdownMenu. */
export {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
} from './components/dropdown-menu';
/** Types of DropdownMenu. */
export type { DropdownMenuItemProps, DropdownMenuProps } from './components/dropdown-menu';
/** Tooltip and TooltipProvider: supplementary tips on Radix Tooltip. */
export { Tooltip, TooltipProvider } from './components/tooltip';
/** Types of Tooltip. */
export type { TooltipProps } from './components/tooltip';
/** Table: a semantic table with caption and sortable headers. */
export { Table } from './components/table';
/** Types of Table. */
export type { SortDirection, TableColumn, TableProps, TableSort } from './components/table';
/** TableScroll: a hand-written table's keyboard-reachable scroll box, so it never widens a narrow page. */
export { TableScroll } from './components/table-scroll';
/** Types of TableScroll. */
export type { TableScrollProps } from './components/table-scroll';
/** Card: a surface with optional title, description and actions. */
export { Card } from './components/card';
/** Types of Card. */
export type { CardProps } from './components/card';
/** Badge: a short status label in a tone. */
export { Badge } from './components/badge';
/** Types of Badge. */
export type { BadgeProps, BadgeTone } from './components/badge';
/** Skeleton: an aria-hidden loading placeholder. */
export { Skeleton } from './components/skeleton';
/** Types of Skeleton. */
export type { SkeletonProps } from './components/skeleton';
/** Spinner: a loading indicator with a visually hidden label (role status). */
export { Spinner } from './components/spinner';
/** Types of Spinner. */
export type { SpinnerProps, SpinnerSize } from './components/spinner';
/** VisuallyHidden: text for screen readers only. */
export { VisuallyHidden } from './components/visually-hidden';
/** Types of VisuallyHidden. */
export type { VisuallyHiddenProps } from './components/visually-hidden';
/** Banner and Alert: page and section messages (role status or alert). */
export { Alert, Banner } from './components/banner';
/** Types of Banner. */
export type { BannerProps, BannerTone } from './components/banner';
/** EmptyState: what to show, and do, when there is nothing yet. */
export { EmptyState } from './components/empty-state';
/** Types of EmptyState. */
export type { EmptyStateProps } from './components/empty-state';
/** PageHeader: back link, eyebrow, title, description and actions of a page. */
export { PageHeader } from './components/page-header';
/** Types of PageHeader. */
export type { PageHeaderProps } from './components/page-header';
/** Stack: a column with even gaps. */
export { Stack } from './components/stack';
/** Types of Stack. */
export type { LayoutElement, SpaceStep, StackProps } from './components/stack';
/** Cluster: a wrapping row with even gaps. */
export { Cluster } from './components/cluster';
/** Types of Cluster. */
export type { ClusterProps } from './components/cluster';
/** MoneyDisplay: an exact amount in tabular numerals with a gain/loss tone. */
export { MoneyDisplay } from './components/money-display';
/** Types of MoneyDisplay. */
export type { MoneyDisplayProps, MoneyFormatter, MoneyTone } from './components/money-display';
/** Wordmark: the Tessera logo as inline SVG, following the theme. */
export { Wordmark } from './components/wordmark';
/** Types of Wordmark. */
export type { WordmarkProps } from './components/wordmark';
/** BackgroundLeft and BackgroundRight: decorative mosaic illustrations (aria-hidden). */
export { BackgroundLeft, BackgroundRight } from './components/backgrounds';
/** Types of the backgrounds. */
export type { BackgroundProps } from './components/backgrounds';
/** The icon set (decorative, currentColor, 24px grid). */
export {
  AlertIcon,
  ArrowLeftIcon,
  ChartIcon,
  CheckIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronUpIcon,
  CloseIcon,
  GlobeIcon,
  HomeIcon,
  InfoIcon,
  LogoutIcon,
  MenuIcon,
  MinusIcon,
  MonitorIcon,
  MoonIcon,
  SearchIcon,
  SettingsIcon,
  SortIcon,
  SuccessIcon,
  SunIcon,
  UserIcon,
  WalletIcon,
} from './icons';
/** Types of the icons. */
export type { Icon, IconProps } from './icons';
/** The exact money formatter (bigint minor units, en and fr), swappable for @tessera/money later. */
export {
  formatMoney,
  formatMoneyParts,
  groupDigits,
  joinMoneyParts,
  MONEY_SCALE_MAX,
  splitMinorUnits,
  toDecimalString,
} from './lib/format-money';
/** Types of the money formatter. */
export type { FormatMoneyOptions, MoneyLocale, MoneyParts, MoneySignDisplay } from './lib/format-money';
/** Theme preference helpers (html[data-theme]) and the preference stored on the device. */
export {
  applyThemePreference,
  parseThemePreference,
  readThemePreference,
  setThemePreference,
  storedThemePreference,
  THEME_CHANGE_EVENT,
  THEME_PREFERENCES,
  THEME_STORAGE_KEY,
} from './lib/theme';
/** Types of the theme helpers. */
export type { ThemePreference } from './lib/theme';
/** The translation loading rules both apps share (each app's lib/i18n.ts hands over its i18next instance). */
export {
  createTranslationBackend,
  detectLanguage,
  FALLBACK_LANGUAGES,
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  languageOf,
  rememberLanguage,
  startTranslations,
  switchLanguage,
  toLanguage,
  TRANSLATION_FIRST_RETRY_MS,
  TRANSLATION_PARALLEL_READS,
  TRANSLATION_RETRIES,
} from './lib/i18n';
/** Types of the translation helpers. */
export type {
  Language,
  TranslationBackend,
  TranslationInstance,
  TranslationOptions,
  TranslationSetup,
} from './lib/i18n';
