import { useEffect, useState } from 'react';
import {
  SegmentedControl,
  setThemePreference,
  storedThemePreference,
  THEME_CHANGE_EVENT,
  THEME_PREFERENCES,
  type ThemePreference,
} from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';

/**
 * Light, dark or system theme, remembered on this device (and, signed in, with the account: the choice a switch
 * elsewhere on the page or the account's saved one makes is shown here too).
 */
export function ThemeSwitch() {
  const { t } = useTranslation('common');
  const [theme, setThemeState] = useState<ThemePreference>(storedThemePreference);
  useEffect(() => {
    const follow = () => setThemeState(storedThemePreference());
    window.addEventListener(THEME_CHANGE_EVENT, follow);
    return () => window.removeEventListener(THEME_CHANGE_EVENT, follow);
  }, []);
  return (
    <SegmentedControl
      label={t('theme.label')}
      value={theme}
      options={THEME_PREFERENCES.map((value) => ({ value, label: t(`theme.${value}`) }))}
      onValueChange={(value) => {
        setThemePreference(value as ThemePreference);
        setThemeState(value as ThemePreference);
      }}
      size="sm"
    />
  );
}
