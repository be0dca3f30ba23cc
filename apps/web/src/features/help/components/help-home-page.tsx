import { Link } from '@tanstack/react-router';
import { DeferredHydration } from '#/lib/deferred-hydration.tsx';
import { currentLanguage, useTranslation } from '#/lib/i18n.ts';
import { PageHead } from '#/lib/page-head.tsx';
import { useHelpCategories } from '../api/get-help-categories.ts';
import { CategoryIcon } from './category-icon.tsx';
import { ContactCard } from './contact-card.tsx';
import { HelpSearchForm } from './help-search-form.tsx';

/** /help/: the search box and every category. */
export function HelpHomePage() {
  const { t } = useTranslation('help');
  const { data } = useHelpCategories(currentLanguage());
  return (
    <>
      <PageHead title={t('metaTitle')} description={t('metaDescription')} path="/help/" />
      <section className="app-help-hero">
        <div className="app-container app-help-hero__inner">
          <h1 className="app-hero__title">{t('title')}</h1>
          <p className="app-hero__lead">{t('lead')}</p>
          <HelpSearchForm />
        </div>
      </section>
      <section className="app-section" aria-labelledby="help-categories-title">
        {/* Below the search box: hydrates when it comes into view. */}
        <DeferredHydration className="app-container">
          <h2 id="help-categories-title" className="app-section__title">
            {t('categories.title')}
          </h2>
          <ul className="app-help-categories app-plain-list">
            {data.categories.map((category) => (
              <li key={category.id}>
                <Link
                  to="/help/category/$id/$name/"
                  params={{ id: String(category.id), name: category.slug }}
                  className="app-help-category"
                >
                  <CategoryIcon icon={category.icon} />
                  <span className="app-help-category__name">{category.name}</span>
                  <span className="app-muted app-help-category__text">{category.description}</span>
                  <span className="app-help-category__count">
                    {t('categories.count', { count: category.articleCount })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <ContactCard />
        </DeferredHydration>
      </section>
    </>
  );
}
