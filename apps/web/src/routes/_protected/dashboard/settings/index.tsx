import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '#/lib/i18n.ts';
import { usePageTitle } from '#/lib/use-document-title.ts';
import { oneOf, type SearchInput } from '#/lib/search-params.ts';
import { SETTINGS_SECTIONS } from '#/features/settings/lib/settings-sections.ts';
import { SettingsPage } from '#/features/settings/components/settings-page.tsx';

export const Route = createFileRoute('/_protected/dashboard/settings/')({
  validateSearch: (raw: SearchInput) => ({
    content: oneOf(raw['content'], SETTINGS_SECTIONS, 'personalInformation'),
  }),
  loaderDeps: ({ search }) => ({ content: search.content }),
  loader: ({ context, deps }) =>
    import('#/features/settings/api/load-settings.ts').then((m) => m.loadSettings(context, deps.content)),
  component: Settings,
});

function Settings() {
  const { content } = Route.useSearch();
  const { t } = useTranslation('dashboard');
  usePageTitle(t('nav.settings'));
  return <SettingsPage section={content} />;
}
