import { createFileRoute } from '@tanstack/react-router';
import { HelpArticlePage } from '#/features/help/components/help-article-page.tsx';

export const Route = createFileRoute('/_public/help/article/$categoryId/$categoryName/$id/$title/')({
  loader: ({ context, params }) =>
    import('#/features/help/api/help-route-loaders.ts').then((m) => m.loadHelpArticle(context, params)),
  component: HelpArticle,
});

function HelpArticle() {
  const { categoryId, categoryName, id, title } = Route.useParams();
  return (
    <HelpArticlePage
      id={Number(id)}
      categoryId={Number(categoryId)}
      categorySlug={categoryName}
      slug={title}
    />
  );
}
