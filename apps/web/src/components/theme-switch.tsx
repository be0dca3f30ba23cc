import { useState } from 'react';
import {
  SegmentedControl,
  setThemePreference,
  storedThemePreference,
  THEME_PREFERENCES,
  type ThemePreference,
} from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';

/** Light, dark or system theme, remembered on this device. */
export function ThemeSwitch() {
  const { t } = useTranslation('common');
  const [theme, setThemeState] = useState<ThemePreference>(storedThemePreference);
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
