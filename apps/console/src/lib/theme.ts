/** Theme: light, dark or system, remembered in localStorage `theme` (shared with the web app). */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
const THEME_STORAGE_KEY = 'theme';

export function storedTheme(): Theme {
  const value = localStorage.getItem(THEME_STORAGE_KEY);
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system';
}

export function applyTheme(theme: Theme): void {
  if (theme === 'system') {
    document.documentElement.removeAttribute('data-theme');
  } else {
    document.documentElement.setAttribute('data-theme', theme);
  }
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
  applyTheme(theme);
}
