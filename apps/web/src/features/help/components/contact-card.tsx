import { Link } from '@tanstack/react-router';
import { Card } from '@tessera/ui';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';

// Article 1301, "Contacting support and using the assistant", in each language.
const SUPPORT_ARTICLE = {
  en: { categoryName: 'help-and-support', title: 'contacting-support-and-using-the-assistant' },
  fr: { categoryName: 'aide-et-support', title: 'contacter-le-support-et-utiliser-l-assistant' },
} as const;

export function ContactCard() {
  const { t } = useTranslation('help');
  return (
    <Card
      as="section"
      variant="subtle"
      title={t('contact.title')}
      headingLevel={2}
      className="app-help-contact"
    >
      <p className="app-muted">{t('contact.text')}</p>
      <Link
        to="/help/article/$categoryId/$categoryName/$id/$title/"
        params={{ categoryId: '13', id: '1301', ...SUPPORT_ARTICLE[currentLanguage()] }}
        className="app-link"
      >
        {t('contact.link')}
      </Link>
    </Card>
  );
}
