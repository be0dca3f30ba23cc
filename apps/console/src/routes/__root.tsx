import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { EmptyState } from '@tessera/ui';
import type { RouterContext } from '../router.tsx';
import { useTranslation } from '../lib/i18n.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});

function NotFound() {
  const { t } = useTranslation();
  return (
    <main id="main" className="console-centred">
      <h1 className="console-sr-only">{t('notFound.title')}</h1>
      <EmptyState
        title={t('notFound.title')}
        description={t('notFound.lead')}
        action={<Link to="/">{t('notFound.home')}</Link>}
      />
    </main>
  );
}
