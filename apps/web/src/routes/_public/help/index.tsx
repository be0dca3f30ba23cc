import { createFileRoute } from '@tanstack/react-router';
import { HelpHomePage } from '#/features/help/components/help-home-page.tsx';

export const Route = createFileRoute('/_public/help/')({
  loader: ({ context }) =>
    import('#/features/help/api/help-route-loaders.ts').then((m) => m.loadHelpHome(context)),
  component: HelpHomePage,
});
