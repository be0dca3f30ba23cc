/**
 * Theme: light, dark or system, remembered in localStorage. The chosen theme is written to
 * `<html data-theme>`; with "system" the attribute is removed and the CSS follows prefers-color-scheme.
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'theme';

/** The stored theme, or system when none or something unknown is stored. */
export function storedTheme(): Theme {
  const value = localStorage.getItem(THEME_STORAGE_KEY);
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system';
}

/** Applies a theme to the document without storing it. */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') {
    document.documentElement.removeAttribute('data-theme');
  } else {
    document.documentElement.setAttribute('data-theme', theme);
  }
}

/** Applies and remembers a theme. */
export function setTheme(theme: Theme): void {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
  applyTheme(theme);
  window.dispatchEvent(new CustomEvent('tessera:theme', { detail: theme }));
}

/** Whether the page currently renders dark (explicitly or through the system preference). */
export function isDark(theme: Theme): boolean {
  return (
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  );
}
