/**
 * Titles, meta descriptions, Open Graph, canonical and hreflang links and JSON-LD of the public pages.
 *
 * A page renders <PageHead …/>. In the browser it writes the tags into document.head (replacing the previous
 * page's); while pre-rendering (apps/web/scripts/prerender.ts) it hands them to a collector instead, and the
 * script writes them into the page's HTML, so crawlers get them without running JavaScript.
 *
 * Links (canonical, hreflang, og:url, og:image, JSON-LD) are absolute on the configured public origin, PUBLIC_URL,
 * and never on the address the page was reached at (a Host header the caller chose). The pre-render writes
 * PUBLIC_ORIGIN_PLACEHOLDER (or the build's PUBLIC_URL); the server replaces it with its PUBLIC_URL in every HTML
 * page it serves, also in index.html's `<meta name="tessera-public-origin">`, which the browser reads. Without
 * PUBLIC_URL the links are root-relative. Languages: docs/adr/0004-public-site.md.
 */
import { createContext, useContext, useEffect } from 'react';
import { localizedPath } from '@tessera/contracts';
import { currentLanguage, LANGUAGES, type Language } from './i18n.ts';
import { organizationJsonLd } from './organization.ts';

/** What a page says about itself. */
export interface PageHeadProps {
  title: string;
  description: string;
  /**
   * The page's path in the current language, without `?lng` (the canonical path). Absent for a page that must not
   * be indexed (the not-found page): no canonical, hreflang or og:url, and `robots: noindex`.
   */
  path?: string;
  /** The page's path in each language when it differs (help pages have translated slugs). */
  alternatePaths?: Record<Language, string>;
  /** Open Graph type. */
  type?: 'website' | 'article';
  /** Extra structured data (FAQPage). */
  jsonLd?: readonly object[];
  /** The trail to this page (help centre), published as a schema.org BreadcrumbList. */
  breadcrumbs?: readonly { name: string; path: string }[];
}

/** One element of the head, as data (rendered to HTML by the pre-render, to DOM nodes in the browser). */
export type HeadTag =
  | { tag: 'meta'; attributes: Record<string, string> }
  | { tag: 'link'; attributes: Record<string, string> }
  | { tag: 'script'; attributes: Record<string, string>; text: string };

/** The head of one page. */
export interface PageHeadData {
  title: string;
  language: Language;
  tags: HeadTag[];
}

/** Filled while pre-rendering; absent in the browser. */
export const PageHeadCollectorContext = createContext<{
  origin: string;
  collect(head: PageHeadData): void;
} | null>(null);

const OG_LOCALES: Record<Language, string> = { en: 'en_GB', fr: 'fr_FR' };
const SITE_NAME = 'Tessera';

/** JSON for a <script type="application/ld+json">: `<` escaped so the text can never close the element. */
export function serializeJsonLd(value: object): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function breadcrumbJsonLd(
  trail: NonNullable<PageHeadProps['breadcrumbs']>,
  language: Language,
  origin: string,
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${localizedPath(crumb.path, language)}`,
    })),
  };
}

/** Stands for the public origin in pre-rendered HTML; the server puts its PUBLIC_URL (or nothing) in its place. */
export const PUBLIC_ORIGIN_PLACEHOLDER = 'https://public-origin.tessera.invalid';
/** The meta element of index.html that carries the public origin to the browser (filled in by the server). */
export const PUBLIC_ORIGIN_META = 'tessera-public-origin';

/** The public origin in the browser: the server's PUBLIC_URL, or '' (root-relative links) without one. */
export function browserPublicOrigin(): string {
  const content = document.querySelector(`meta[name="${PUBLIC_ORIGIN_META}"]`)?.getAttribute('content') ?? '';
  return /^https?:\/\/[^/]+$/.test(content) && content !== PUBLIC_ORIGIN_PLACEHOLDER ? content : '';
}

/** Builds the head of a page for an origin ('' gives root-relative links). */
export function buildPageHead(props: PageHeadProps, language: Language, origin: string): PageHeadData {
  if (props.path === undefined) {
    return {
      title: props.title,
      language,
      tags: [
        { tag: 'meta', attributes: { name: 'description', content: props.description } },
        { tag: 'meta', attributes: { name: 'robots', content: 'noindex' } },
      ],
    };
  }
  const paths = props.alternatePaths ?? { en: props.path, fr: props.path };
  const url = (lng: Language) => `${origin}${localizedPath(paths[lng], lng)}`;
  const canonical = url(language);
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
    tag: 'meta',
    attributes: { [key]: name, content },
  });
  const tags: HeadTag[] = [
    meta('name', 'description', props.description),
    { tag: 'link', attributes: { rel: 'canonical', href: canonical } },
    ...LANGUAGES.map((lng): HeadTag => ({
      tag: 'link',
      attributes: { rel: 'alternate', hreflang: lng, href: url(lng) },
    })),
    { tag: 'link', attributes: { rel: 'alternate', hreflang: 'x-default', href: url('en') } },
    meta('property', 'og:type', props.type ?? 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', props.title),
    meta('property', 'og:description', props.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', `${origin}/icons/og-image.png`),
    meta('property', 'og:image:alt', SITE_NAME),
    meta('property', 'og:locale', OG_LOCALES[language]),
    ...LANGUAGES.filter((lng) => lng !== language).map((lng) =>
      meta('property', 'og:locale:alternate', OG_LOCALES[lng]),
    ),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...[
      organizationJsonLd(origin),
      ...(props.breadcrumbs ? [breadcrumbJsonLd(props.breadcrumbs, language, origin)] : []),
      ...(props.jsonLd ?? []),
    ].map((data): HeadTag => ({
      tag: 'script',
      attributes: { type: 'application/ld+json' },
      text: serializeJsonLd(data),
    })),
  ];
  return { title: props.title, language, tags };
}

const MARKER = 'data-page-head';

/** Replaces the previous page's tags (and the index.html description) with this page's. */
function applyPageHead(head: PageHeadData): void {
  document.title = head.title;
  document.head.querySelectorAll(`[${MARKER}], meta[name="description"]`).forEach((node) => node.remove());
  for (const item of head.tags) {
    const element = document.createElement(item.tag);
    for (const [name, value] of Object.entries(item.attributes)) {
      element.setAttribute(name, value);
    }
    if (item.tag === 'script') {
      element.textContent = item.text;
    }
    element.setAttribute(MARKER, '');
    document.head.append(element);
  }
}

/** Declares the page's head; renders nothing. */
export function PageHead(props: PageHeadProps) {
  const collector = useContext(PageHeadCollectorContext);
  const language = currentLanguage();
  if (collector) {
    collector.collect(buildPageHead(props, language, collector.origin));
  }
  const key = JSON.stringify([props, language]);
  useEffect(() => {
    applyPageHead(buildPageHead(JSON.parse(key)[0] as PageHeadProps, language, browserPublicOrigin()));
  }, [key, language]);
  return null;
}

/** The data-page-head marker, for the pre-render to write the same attribute. */
export const PAGE_HEAD_MARKER = MARKER;
