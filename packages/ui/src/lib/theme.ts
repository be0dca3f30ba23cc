/**
 * Theme switching: html[data-theme='light' | 'dark'] forces a theme; no attribute follows the system
 * (prefers-color-scheme). The app stores the preference (e.g. localStorage) and calls applyThemePreference
 * early, ideally in an inline script before first paint, so the page does not flash the wrong theme.
 */

/** A person's theme choice. */
export type ThemePreference = 'light' | 'dark' | 'system';

/** The theme preferences, in display order (for a SegmentedControl). */
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

/** Narrows an untrusted value (from storage, a query string) to a preference, defaulting to 'system'. */
export function parseThemePreference(value: unknown): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** Applies a preference to the document element (or the given root). */
export function applyThemePreference(
  preference: ThemePreference,
  root: HTMLElement = document.documentElement,
): void {
  if (preference === 'system') {
    root.removeAttribute('data-theme');
  } else {
    root.setAttribute('data-theme', preference);
  }
}

/** Reads the preference currently applied to the document element (or the given root). */
export function readThemePreference(root: HTMLElement = document.documentElement): ThemePreference {
  return parseThemePreference(root.getAttribute('data-theme'));
}
