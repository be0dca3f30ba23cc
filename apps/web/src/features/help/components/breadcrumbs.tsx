import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '#/lib/i18n.ts';

/** A trail of links ending with the current page (not a link, aria-current). */
export function Breadcrumbs({ children, current }: { children?: ReactNode; current: string }) {
  const { t } = useTranslation('help');
  return (
    <nav aria-label={t('breadcrumbLabel')} className="app-breadcrumbs">
      <ol>
        <li>
          <Link to="/help/">{t('home')}</Link>
        </li>
        {children}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
