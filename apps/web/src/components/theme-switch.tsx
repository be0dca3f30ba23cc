import { useState } from 'react';
import { SegmentedControl } from '@tessera/ui';
import { setTheme, storedTheme, THEMES, type Theme } from '#/lib/theme.ts';
import { useTranslation } from '#/lib/i18n.ts';

/** Light, dark or system theme, remembered on this device. */
export function ThemeSwitch() {
  const { t } = useTranslation('common');
  const [theme, setThemeState] = useState<Theme>(storedTheme);
  return (
    <SegmentedControl
      label={t('theme.label')}
      value={theme}
      options={THEMES.map((value) => ({ value, label: t(`theme.${value}`) }))}
      onValueChange={(value) => {
        setTheme(value as Theme);
        setThemeState(value as Theme);
      }}
      size="sm"
    />
  );
}
