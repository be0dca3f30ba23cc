import type { ReactNode } from 'react';
import { useLocation, useRouter } from '@tanstack/react-router';
import { BackgroundLeft, BackgroundRight, Button, Wordmark } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';

/**
 * The shared layout of the not-found and error pages (spec section 2): a title, a message, a home button that
 * goes to /dashboard/home/ when the current path contains /dashboard and to / otherwise, and a back link that
 * uses the browser history.
 */
export function StatusLayout({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const router = useRouter();
  const pathname = useLocation({ select: (location) => location.pathname });
  const home = pathname.includes('/dashboard') ? '/dashboard/home/' : '/';
  return (
    <div className="app-status">
      <BackgroundLeft className="app-status__bg app-status__bg--left" />
      <BackgroundRight className="app-status__bg app-status__bg--right" />
      <main id="main" className="app-status__panel">
        <a href="/" className="app-brand" aria-label={t('brand')}>
          <Wordmark title={t('brand')} />
        </a>
        <h1 className="app-status__title">{title}</h1>
        <p className="app-status__message">{message}</p>
        {children}
        <div className="app-status__actions">
          <Button variant="primary" onClick={() => void router.navigate({ href: home })}>
            {t('actions.goHome')}
          </Button>
          <a
            className="app-link"
            href="#back"
            onClick={(event) => {
              event.preventDefault();
              router.history.back();
            }}
          >
            {t('actions.back')}
          </a>
        </div>
      </main>
    </div>
  );
}
