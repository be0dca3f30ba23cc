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

/** The localStorage key of the preference, shared by the web app and the console (and apps/web's theme-init.js). */
export const THEME_STORAGE_KEY = 'theme';
/** The window event sent when the preference changes (a chart redraws its canvas colours on it). */
export const THEME_CHANGE_EVENT = 'tessera:theme';

/** The stored preference, or system when none, something unknown, or no storage at all. */
export function storedThemePreference(): ThemePreference {
  try {
    return parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

/** Applies a preference, remembers it on this device, and tells the page ({@link THEME_CHANGE_EVENT}). */
export function setThemePreference(preference: ThemePreference): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // No storage (private mode): the choice holds for this page only.
  }
  applyThemePreference(preference);
  window.dispatchEvent(new CustomEvent(THEME_CHANGE_EVENT, { detail: preference }));
}
