import { SegmentedControl } from '@tessera/ui';
import { changeLanguage, currentLanguage, LANGUAGES, useTranslation, type Language } from '#/lib/i18n.ts';

/** Switches between English and French; the choice is stored under `lng`. */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  return (
    <SegmentedControl
      label={t('language.label')}
      value={currentLanguage()}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      onValueChange={(value) => void changeLanguage(value as Language)}
      size="sm"
    />
  );
}
