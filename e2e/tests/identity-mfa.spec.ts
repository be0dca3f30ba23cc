import { expect, test, type Page } from '@playwright/test';
import {
  adminAccessToken,
  button,
  callIdentity,
  CLIENT_ID,
  createCustomer,
  enableTotp,
  expectAccessible,
  field,
  justBefore,
  open,
  protocolSignIn,
  readLatestCode,
  signIn,
  signOut,
  text,
  totp,
  uniqueEmail,
  shownPhone,
  uniquePhone,
  verifyPhoneAttribute,
  visitFrom,
  type Language,
} from './identity-support.ts';

// Each journey signs in two or three times (argon2id by design, docs/adr/0002): three times the usual time.
test.beforeEach(async ({ context }) => {
  test.slow();
  await visitFrom(context);
});

/** Answers the SMS code step of a sign-in with the code the mailbox shows for `phone`. */
async function answerSmsCode(page: Page, language: Language, phone: string, sentAfter: string) {
  const code = field(page, text(language, 'auth:mfa.smsLabel'));
  await expect(code).toBeVisible();
  await expect(page.getByText(new RegExp(`${phone.slice(-4)}\\.?$`))).toBeVisible();
  await code.fill(await readLatestCode(page.request, phone, { sentAfter }));
  await button(page, text(language, 'auth:mfa.verify')).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
}

test('SMS MFA: verify the phone number in settings, turn codes by text message on, then sign in with one', async ({
  page,
}) => {
  const language = 'en';
  const email = uniqueEmail('sms');
  const phone = uniquePhone();
  await createCustomer(page, email, { phone });
  await signIn(page, language, email);
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);

  await open(page, language, '/dashboard/settings/?content=MFA');
  let sentAfter = justBefore();
  await button(
    page,
    text(language, 'auth:mfaSettings.verifyPhone').replace('{{phone}}', shownPhone(phone)),
  ).click();
  const phoneCode = field(page, text(language, 'auth:mfa.smsLabel'));
  await expect(phoneCode).toBeVisible();
  await phoneCode.fill(await readLatestCode(page.request, phone, { sentAfter }));
  await button(page, text(language, 'auth:mfaSettings.confirmPhone')).click();
  await expect(page.getByText(text(language, 'dashboard:security.mfaOn'))).toBeVisible();

  await signOut(page, language);
  sentAfter = justBefore();
  await signIn(page, language, email);
  await answerSmsCode(page, language, phone, sentAfter);
});

test('SELECT_MFA_TYPE: with both methods and no preference, the customer chooses text message at sign-in (fr)', async ({
  page,
}) => {
  const language = 'fr';
  const email = uniqueEmail('select');
  const phone = uniquePhone();
  await createCustomer(page, email, { phone });
  const accessToken = await protocolSignIn(page, email);
  const secret = await enableTotp(page, accessToken);
  await verifyPhoneAttribute(page, accessToken, phone);

  // Sign in with the authenticator (the preferred method so far), then accept SMS and ask at each sign-in.
  await signIn(page, language, email);
  await field(page, text(language, 'auth:mfa.totpLabel')).fill(totp(secret));
  await button(page, text(language, 'auth:mfa.verify')).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
  await open(page, language, '/dashboard/settings/?content=MFA');
  await button(page, text(language, 'dashboard:security.enableSms')).click();
  const preferred = page.getByRole('radiogroup', { name: text(language, 'dashboard:security.preferred') });
  await expect(preferred).toBeVisible();
  await preferred.getByRole('radio', { name: text(language, 'auth:mfaSettings.askEachTime') }).click();
  await expect(
    preferred.getByRole('radio', { name: text(language, 'auth:mfaSettings.askEachTime') }),
  ).toBeChecked();

  await signOut(page, language);
  await signIn(page, language, email);
  const choice = page.getByRole('radiogroup', { name: text(language, 'auth:mfa.choose') });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await choice.getByRole('radio', { name: text(language, 'auth:mfa.types.SMS') }).click();
  const sentAfter = justBefore();
  await button(page, text(language, 'auth:mfa.continue')).click();
  await answerSmsCode(page, language, phone, sentAfter);
});

test('NEW_PASSWORD_REQUIRED: a customer created by staff chooses a password at first sign-in', async ({
  page,
}) => {
  const language = 'en';
  const email = uniqueEmail('staff-created');
  const temporary = 'Temporary-Pass-2026!';
  const created = await callIdentity(page, 'AdminCreateUser', {
    AccessToken: await adminAccessToken(page),
    Username: email,
    TemporaryPassword: temporary,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);

  await signIn(page, language, email, temporary);
  await expect(page.getByText(text(language, 'auth:newPassword.lead'))).toBeVisible();
  const newPassword = field(page, text(language, 'auth:fields.newPassword'));
  await newPassword.fill('weak');
  await button(page, text(language, 'auth:newPassword.submit')).click();
  await expect(page.getByRole('alert')).toContainText(text(language, 'auth:password.length'));
  await newPassword.fill('Chosen-By-Me-2026!');
  await button(page, text(language, 'auth:newPassword.submit')).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);

  await signOut(page, language);
  await signIn(page, language, email, temporary);
  await expect(page.getByRole('alert')).toHaveText(text(language, 'auth:errors.notAuthorized'));
  await signIn(page, language, email, 'Chosen-By-Me-2026!');
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
});

test('remembered device: MFA is skipped only after the device proves itself by SRP; forgetting it asks again', async ({
  page,
}) => {
  const language = 'en';
  const email = uniqueEmail('device');
  await createCustomer(page, email);
  const secret = await enableTotp(page, await protocolSignIn(page, email));

  // First sign-in: the code, and "remember this device".
  await signIn(page, language, email);
  await field(page, text(language, 'auth:mfa.totpLabel')).fill(totp(secret));
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: text(language, 'auth:device.remember') }).check();
  await button(page, text(language, 'auth:mfa.verify')).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
  await open(page, language, '/dashboard/settings/?content=MFA');
  const devices = page.getByRole('region', { name: text(language, 'dashboard:security.devices') });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByText(/^Last used /)).toBeVisible();
  await expectAccessible(page);

  // Second sign-in on this device: no code, because the device answered DEVICE_SRP_AUTH with its SRP proof.
  await signOut(page, language);
  const challenges: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/identity/') || request.url().endsWith('/identity')) {
      const body = JSON.parse(request.postData() ?? '{}') as { ChallengeName?: string };
      if (body.ChallengeName) {
        challenges.push(body.ChallengeName);
      }
    }
  });
  await signIn(page, language, email);
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
  expect(challenges).toEqual(['DEVICE_SRP_AUTH', 'DEVICE_PASSWORD_VERIFIER']);

  // A password alone, from a device that cannot prove itself, still gets the MFA challenge.
  const elsewhere = await callIdentity(page, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: CLIENT_ID,
    AuthParameters: { USERNAME: email, PASSWORD: 'Journey-Pass-2026!' },
  });
  expect(elsewhere.body['ChallengeName']).toBe('SOFTWARE_TOKEN_MFA');

  // Forget it in settings: the next sign-in asks for the code again.
  await open(page, language, '/dashboard/settings/?content=MFA');
  await devices.getByRole('button', { name: /^Forget / }).click();
  await expect(devices.getByText(text(language, 'dashboard:security.noDevices'))).toBeVisible();
  await signOut(page, language);
  challenges.length = 0;
  await signIn(page, language, email);
  const code = field(page, text(language, 'auth:mfa.totpLabel'));
  await expect(code).toBeVisible();
  expect(challenges).not.toContain('DEVICE_SRP_AUTH');
  // The next 30-second step's code (within the drift window): the first sign-in may have used the current one.
  await code.fill(totp(secret, Date.now() + 30_000));
  await button(page, text(language, 'auth:mfa.verify')).click();
  await expect(page).toHaveURL(/\/dashboard\/home\/$/);
});
