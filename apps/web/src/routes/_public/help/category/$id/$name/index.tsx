import { createFileRoute } from '@tanstack/react-router';
import { HelpCategoryPage } from '#/features/help/components/help-category-page.tsx';

export const Route = createFileRoute('/_public/help/category/$id/$name/')({
  loader: ({ context, params }) =>
    import('#/features/help/api/help-route-loaders.ts').then((m) => m.loadHelpCategory(context, params)),
  component: HelpCategory,
});

function HelpCategory() {
  const { id, name } = Route.useParams();
  return <HelpCategoryPage id={Number(id)} slug={name} />;
}
