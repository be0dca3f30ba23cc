import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { BackgroundLeft, BackgroundRight, Wordmark } from '@tessera/ui';
import { useTranslation } from '#/lib/i18n.ts';
import { useDocumentTitle } from '#/lib/use-document-title.ts';

/** The frame of the sign-in, sign-up and password pages: brand, the two background images, one panel. */
export function AuthLayout({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  useDocumentTitle(`${title} — Tessera`);
  return (
    <div className="app-auth">
      <BackgroundLeft className="app-auth__bg app-auth__bg--left" />
      <BackgroundRight className="app-auth__bg app-auth__bg--right" />
      <main id="main" className="app-auth__panel">
        <Link to="/" className="app-brand">
          <Wordmark title={t('brand')} />
        </Link>
        <h1 className="app-page-title">{title}</h1>
        {lead ? <p className="app-muted">{lead}</p> : null}
        {children}
      </main>
    </div>
  );
}

/** A form error, announced to screen readers. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="app-form-error">
      {message}
    </p>
  ) : null;
}
