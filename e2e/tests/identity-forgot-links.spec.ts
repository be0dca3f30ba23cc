import { expect, test, type Page } from '@playwright/test';
import {
  button,
  createCustomer,
  field,
  justBefore,
  LANGUAGES,
  open,
  readLatestCode,
  signIn,
  text,
  uniqueEmail,
  visitFrom,
} from './identity-support.ts';

/**
 * The links into /forgotPassword (spec sections 2 and 5): `sendEmail` names the address a code should go to,
 * `username` fills the e-mail field, `auth_code` opens the second step with the code filled in. None of them acts
 * without the person: opening the page never asks the identity service for a code.
 */

test.beforeEach(async ({ context }) => {
  await visitFrom(context);
});

/** Counts the ForgotPassword calls the page makes to the identity service. */
function countResetRequests(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.headers()['x-amz-target']?.endsWith('.ForgotPassword')) {
      seen.count += 1;
    }
  });
  return seen;
}

for (const language of LANGUAGES) {
  test.describe(`forgot-password links in ${language}`, () => {
    test('sendEmail=true sends nothing and fills nothing: it is not an address', async ({ page }) => {
      const requests = countResetRequests(page);
      await open(page, language, '/forgotPassword?sendEmail=true');
      const email = field(page, text(language, 'auth:fields.email'));
      await expect(email).toBeVisible();
      await expect(email).toHaveValue('');
      await expect(
        page.getByText(text(language, 'auth:forgotPassword.resetRequired').split('{{')[0]!),
      ).toHaveCount(0);
      // The page is interactive (its button answers) and still has asked for nothing.
      await button(page, text(language, 'auth:forgotPassword.send')).click();
      await expect(page.getByRole('alert')).toHaveText(text(language, 'errors:auth.usernameEmpty'));
      expect(requests.count).toBe(0);
    });

    test('sendEmail=<address> fills the field and says why; the code leaves only when the person asks', async ({
      page,
    }) => {
      test.slow(); // signs up, resets the password, signs in
      const email = uniqueEmail(`forgot-link-${language}`);
      await createCustomer(page, email);
      const requests = countResetRequests(page);
      await open(page, language, `/forgotPassword?sendEmail=${encodeURIComponent(email)}`);
      await expect(field(page, text(language, 'auth:fields.email'))).toHaveValue(email);
      await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
      expect(requests.count).toBe(0);

      const requestedAt = justBefore();
      await button(page, text(language, 'auth:forgotPassword.send')).click();
      await expect(
        page.getByText(text(language, 'auth:forgotPassword.codeLead').replace('{{email}}', email)),
      ).toBeVisible();
      expect(requests.count).toBe(1);
      const code = await readLatestCode(page.request, email, { sentAfter: requestedAt });

      // The link in the e-mail: auth_code opens the second step with the code filled in.
      await open(page, language, `/forgotPassword?auth_code=${code}&username=${encodeURIComponent(email)}`);
      await expect(field(page, text(language, 'auth:fields.code'))).toHaveValue(code);
      await expect(page.getByText(text(language, 'auth:forgotPassword.codeFromLinkLead'))).toBeVisible();
      await field(page, text(language, 'auth:fields.newPassword')).fill('Link-New-Pass-2026!');
      await button(page, text(language, 'auth:forgotPassword.reset')).click();
      await expect(page.getByText(text(language, 'auth:forgotPassword.done'))).toBeVisible();
      expect(requests.count).toBe(1);
      await signIn(page, language, email, 'Link-New-Pass-2026!');
      await expect(page).toHaveURL(/\/dashboard\/home\/$/);
    });

    test('auth_code without an address asks for the address and never reads "If  has an account"', async ({
      page,
    }) => {
      const requests = countResetRequests(page);
      await open(page, language, '/forgotPassword?auth_code=abc');
      await expect(field(page, text(language, 'auth:fields.code'))).toHaveValue('abc');
      await expect(field(page, text(language, 'auth:fields.email'))).toHaveValue('');
      await expect(page.getByText(text(language, 'auth:forgotPassword.codeFromLinkLead'))).toBeVisible();
      const emptyLead = text(language, 'auth:forgotPassword.codeLead').replace('{{email}}', '');
      await expect(page.getByText(emptyLead)).toHaveCount(0);
      // Typing an address does not turn the lead into "a code is on its way": this page sent nothing.
      await field(page, text(language, 'auth:fields.email')).fill('someone@example.com');
      await expect(page.getByText(text(language, 'auth:forgotPassword.codeFromLinkLead'))).toBeVisible();
      expect(requests.count).toBe(0);
    });
  });
}
