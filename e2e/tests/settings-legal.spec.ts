import { expect, test } from '@playwright/test';
import { accessTokenOf, expectAccessible, LANGUAGES } from './identity-support.ts';
import { freshCustomer, open, text, type Language } from './wallets-support.ts';

// Settings section legalDocuments (issue #20), in English and French with a fresh sign-up: signing up accepts the
// current terms and privacy notice, so the section lists both with the version accepted and when, and a link to
// each public page; nothing waits for acceptance. (A customer with an earlier version is refused money movements
// until they accept: services/trading/src/money-movements-wait-for-legal-acceptance.test.ts.)
test.describe.configure({ timeout: 120_000 });

const l = (language: Language, key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce(
    (template, [name, value]) => template.replace(`{{${name}}}`, value),
    text(language, `legal:${key}`),
  );

for (const language of LANGUAGES) {
  test(`a fresh sign-up sees the legal documents they accepted (${language})`, async ({ page }) => {
    await freshCustomer(page, language);
    await open(page, language, '/dashboard/settings/?content=legalDocuments');
    await expect(page.getByText(l(language, 'intro'))).toBeVisible();
    for (const [id, link] of [
      ['terms', '/legal/terms'],
      ['privacy', '/legal/privacy'],
    ] as const) {
      const name = l(language, `documents.${id}`);
      const item = page.getByTestId(`legal-${id}`);
      await expect(item.getByRole('heading', { name })).toBeVisible();
      const accepted = l(language, 'accepted', { date: '@@' }).split('@@')[0]!;
      await expect(item.getByText(accepted, { exact: false })).toBeVisible();
      await expect(item.getByRole('link', { name: l(language, 'read', { name }) })).toHaveAttribute(
        'href',
        link,
      );
      await expect(item.getByRole('button')).toHaveCount(0);
    }
    const answer = await page.request.get('/api/user-management/me/legal', {
      headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
    });
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { items: { id: string; acceptanceRequired: boolean }[] };
    expect(body.items.map((item) => [item.id, item.acceptanceRequired])).toEqual([
      ['terms', false],
      ['privacy', false],
    ]);
    await expectAccessible(page);
  });
}
