/**
 * The Organisation data for search engines (spec section 3: name, url, logo, contact point for customer service
 * in English and French, social profile links), as schema.org JSON-LD on every public page.
 */

/** Tessera's social profiles (schema.org sameAs). */
export const SOCIAL_PROFILES = [
  'https://www.linkedin.com/company/tessera-bank',
  'https://x.com/tesserabank',
  'https://www.youtube.com/@tesserabank',
] as const;

/** schema.org Organization for `origin` ('' gives root-relative URLs). */
export function organizationJsonLd(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Tessera',
    url: `${origin}/`,
    logo: `${origin}/icons/icon-512.png`,
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        url: `${origin}/help/`,
        availableLanguage: ['English', 'French'],
      },
    ],
    sameAs: [...SOCIAL_PROFILES],
  };
}
