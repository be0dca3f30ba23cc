import { expect, test, type Page } from '@playwright/test';
import { OWN_SESSION } from './support.ts';

// Issue #15: opening a dialog logged "Applying inline style violates the following Content Security Policy
// directive 'style-src 'self''": Radix's scroll lock adds a <style> element. The policy stays strict (no
// 'unsafe-inline' for style-src); each HTML page gets a nonce that the app hands to the primitives.

/** Every console message about the Content Security Policy, and every securitypolicyviolation event. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      seen.push(message.text());
    }
  });
  await page.exposeFunction('reportViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });
  return seen;
}

test.describe('dialogs under the Content Security Policy', () => {
  test.use(OWN_SESSION);

  test('opening the transfer dialog and a select inside it logs no CSP violation, and the policy stays strict', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/dashboard/wallets/');
    const policy = response?.headers()['content-security-policy'] ?? '';
    const styleSrc = /(?:^|;)\s*style-src\s([^;]*)/.exec(policy)?.[1] ?? '';
    expect(styleSrc).not.toContain("'unsafe-inline'");
    expect(styleSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible();
    // Only what opening the dialog causes: whatever the page logged while loading is another matter.
    violations.length = 0;
    await page.getByRole('link', { name: 'Transfer', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // The scroll lock is on (its <style> applied): the page behind the dialog does not scroll.
    await expect(page.locator('body')).toHaveAttribute('data-scroll-locked', /\d/);
    await expect(page.locator('head style[nonce]')).toHaveCount(1);
    // A select in the dialog renders its own <style> too (Radix Select's viewport).
    await dialog.getByRole('combobox').first().click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('Escape');
    expect(violations).toEqual([]);
  });
});
