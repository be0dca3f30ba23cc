import { Navigate } from '@tanstack/react-router';
import { helpCategoryPath } from '@tessera/contracts';
import { DeferredHydration } from '#/lib/deferred-hydration.tsx';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { useHelpCategory } from '../api/get-help-category.ts';
import { ArticleList } from './article-list.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { CategoryIcon } from './category-icon.tsx';
import { ContactCard } from './contact-card.tsx';

/** /help/category/{id}/{name}/: a category's articles; another slug than the canonical one is replaced. */
export function HelpCategoryPage({ id, slug }: { id: number; slug: string }) {
  const { t } = useTranslation('help');
  const language = currentLanguage();
  const { data } = useHelpCategory(id, language);
  const { category, alternates } = data;
  if (category.slug !== slug) {
    return (
      <Navigate to="/help/category/$id/$name/" params={{ id: String(id), name: category.slug }} replace />
    );
  }
  const path = helpCategoryPath(id, category.slug);
  return (
    <>
      <PageHead
        title={`${category.name} — ${t('metaTitle')}`}
        description={category.description}
        path={path}
        alternatePaths={{
          en: helpCategoryPath(id, alternates.en.categorySlug),
          fr: helpCategoryPath(id, alternates.fr.categorySlug),
        }}
        breadcrumbs={[
          { name: t('home'), path: '/help/' },
          { name: category.name, path },
        ]}
      />
      <div className="app-container app-help-page">
        <Breadcrumbs current={category.name} />
        <header className="app-help-header">
          <CategoryIcon icon={category.icon} />
          <div>
            <h1 className="app-page-title">{category.name}</h1>
            <p className="app-hero__lead">{category.description}</p>
          </div>
        </header>
        <section aria-labelledby="category-articles-title">
          <h2 id="category-articles-title" className="ts-visually-hidden">
            {t('category.articlesTitle')}
          </h2>
          <ArticleList articles={data.articles} headingLevel={3} />
        </section>
        <DeferredHydration>
          <ContactCard />
        </DeferredHydration>
      </div>
    </>
  );
}
