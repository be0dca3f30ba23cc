import { Link } from '@tanstack/react-router';
import { Card } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';

/**
 * "Still need help?": where to turn when the articles do not answer: the assistant (signed in), which hands over to a
 * support agent, and the imprint, which says who runs this installation.
 */
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
      <Link to="/legal/imprint/" className="app-link">
        {t('contact.link')}
      </Link>
    </Card>
  );
}
