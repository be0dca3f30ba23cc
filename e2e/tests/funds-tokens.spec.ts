import { type Browser, expect, type Page, test } from '@playwright/test';
import { accessTokenOf, LANGUAGES } from './identity-support.ts';
import { balance, freshCustomer, money, w } from './wallets-support.ts';
import {
  CRYPTO_PRODUCT,
  field,
  fill,
  fundedCustomer,
  open,
  text,
  typed,
  type Language,
} from './trading-support.ts';

// Tokenized assets (issue #21, "Must show"), in English and French: an issuer (a verified customer who manages a
// community fund with two holders, set up through the API) freezes part of a holder's units and distributes cash
// pro rata; the holder sees the frozen units on the fund's page and the cash in their wallet. Every step waits for
// a state, never for a time.
test.describe.configure({ timeout: 300_000 });

const f = (language: Language, key: string, values?: Record<string, string | number>) => {
  const template = text(language, `funds:${key}`);
  return values ? fill(template, values) : template;
};

interface Person {
  readonly page: Page;
  readonly userId: string;
  readonly headers: Record<string, string>;
}

async function person(browser: Browser, language: Language): Promise<Person> {
  const context = await browser.newContext({ locale: language === 'fr' ? 'fr-FR' : 'en-US' });
  const page = await context.newPage();
  await fundedCustomer(page, language, '1000.00');
  const headers = { authorization: `Bearer ${await accessTokenOf(page)}` };
  const me = await page.request.get('/api/user-management/me', { headers });
  expect(me.status(), await me.text()).toBe(200);
  return { page, userId: ((await me.json()) as { userId: string }).userId, headers };
}

async function investIn(holder: Person, fundId: string, amount: string): Promise<void> {
  const answer = await holder.page.request.post(`/api/investments/funds/${fundId}/invest`, {
    headers: { ...holder.headers, 'idempotency-key': crypto.randomUUID().replaceAll('-', '') },
    data: { amount },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  expect(((await answer.json()) as { status: string }).status).toBe('minted');
}

async function walletOf(holder: Person): Promise<{ id: string; available: string }> {
  const answer = await holder.page.request.get('/api/cash-operations/wallets', { headers: holder.headers });
  const { items } = (await answer.json()) as {
    items: Array<{ id: string; asset: string; kind: string; balance: { available: string } }>;
  };
  const wallet = items.find((item) => item.asset === 'EUR' && item.kind === 'current')!;
  return { id: wallet.id, available: wallet.balance.available };
}

const cents = (value: string) => BigInt(value.replace('.', ''));

for (const language of LANGUAGES) {
  test(`an issuer freezes a holder's units and distributes cash; the holder sees both (${language})`, async ({
    browser,
  }) => {
    const issuer = await person(browser, language);
    const ana = await person(browser, language);
    const ben = await person(browser, language);

    // Set-up through the API: a community fund of ether (a 24-hour market) with two holders.
    const created = await issuer.page.request.post('/api/investments/funds', {
      headers: issuer.headers,
      data: {
        name: `Token fund ${language} ${Date.now().toString(36)}`,
        managementFeePercent: '0.00',
        components: [{ productId: CRYPTO_PRODUCT, weight: '100' }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const fundId = ((await created.json()) as { id: string }).id;
    await investIn(ana, fundId, '100.00');
    await investIn(ben, fundId, '50.00');

    // The issuer's section: the register lists both holders.
    await open(issuer.page, language, `/dashboard/funds/${fundId}/find/`);
    const section = issuer.page.getByRole('region', {
      name: f(language, 'tokens.issuer.title'),
      exact: true,
    });
    await expect(section).toBeVisible();
    const register = (await (
      await issuer.page.request.get(`/api/investments/tokens/funds/${fundId}/register`, {
        headers: issuer.headers,
      })
    ).json()) as { holders: Array<{ holderId: string; name: string; units: string }> };
    expect(register.holders).toHaveLength(2);
    const anaLine = register.holders.find((holder) => holder.holderId === ana.userId)!;
    await expect(
      section.getByRole('table').first().getByRole('rowheader', { name: anaLine.name }),
    ).toBeVisible();

    // Freeze 1 unit of Ana's.
    const freeze = section.getByRole('form', { name: f(language, 'tokens.freeze.title') });
    await freeze.getByRole('combobox', { name: f(language, 'tokens.freeze.holder') }).click();
    await issuer.page.getByRole('option', { name: new RegExp(`^${escape(anaLine.name)} \\(`) }).click();
    await field(freeze, f(language, 'tokens.freeze.units')).fill(typed(language, '1'));
    await freeze.getByRole('button', { name: f(language, 'tokens.freeze.freeze'), exact: true }).click();
    await expect(
      freeze.getByText(
        f(language, 'tokens.freeze.frozen', { name: anaLine.name, frozen: '§' }).split('§')[0]!,
      ),
    ).toBeVisible();

    // Distribute 10 EUR: the preview shows each holder's share, then the confirmation pays them.
    const total = register.holders.reduce((sum, holder) => sum + BigInt(holder.units.replace('.', '')), 0n);
    const anaShare = (1000n * BigInt(anaLine.units.replace('.', ''))) / total;
    const anaBefore = await walletOf(ana);
    const distribute = section.getByRole('form', { name: f(language, 'tokens.distribute.title') });
    await field(distribute, f(language, 'tokens.distribute.amount', { currency: 'EUR' })).fill(
      typed(language, '10'),
    );
    await distribute
      .getByRole('button', { name: f(language, 'tokens.distribute.preview'), exact: true })
      .click();
    const preview = distribute.getByTestId('tokens-distribution-preview');
    await expect(preview.getByRole('row', { name: new RegExp(escape(anaLine.name)) })).toContainText(
      money(language, Number(anaShare) / 100, 'EUR'),
    );
    const benLine = register.holders.find((holder) => holder.holderId === ben.userId)!;
    const benShare = (1000n * BigInt(benLine.units.replace('.', ''))) / total;
    const confirm = f(language, 'tokens.distribute.confirm', { amount: '§' }).split('§')[0]!;
    await preview.getByRole('button', { name: new RegExp(`^${escape(confirm)}`) }).click();
    await expect(
      distribute.getByText(
        f(language, 'tokens.distribute.done_other', {
          amount: money(language, Number(anaShare + benShare) / 100, 'EUR'),
          count: 2,
        }),
      ),
    ).toBeVisible();

    // The audit lists the freeze and the distribution.
    const audit = section.getByRole('table', { name: f(language, 'tokens.audit.title') });
    await expect(
      audit.getByRole('rowheader', { name: f(language, 'tokens.audit.distribution'), exact: true }),
    ).toBeVisible();
    await expect(
      audit.getByRole('rowheader', { name: f(language, 'tokens.audit.freeze'), exact: true }),
    ).toBeVisible();

    // The holder: 1 frozen unit on the fund's page, and the share in the wallet.
    await open(ana.page, language, `/dashboard/funds/${fundId}/find/`);
    await expect(ana.page.getByTestId('tokens-frozen')).toHaveText(/^1([.,]0+)?$/);
    await expect(ana.page.getByRole('region', { name: f(language, 'tokens.issuer.title') })).toHaveCount(0);
    await open(ana.page, language, `/dashboard/wallets/${anaBefore.id}/`);
    await expect(balance(ana.page, w(language, 'balance.available'))).toHaveText(
      money(language, Number(cents(anaBefore.available) + anaShare) / 100, 'EUR'),
    );
  });
}

// Issuer tokens (issue #21), in French only (one run covers the path): a verified customer creates a token with the
// form, its page has no Invest action, the issuer mints units to a holder by e-mail (preview, then confirm), and the
// holder sees the units on the token's page.
test('an issuer creates a token and mints units to a holder; the holder sees them (fr)', async ({
  browser,
}) => {
  const language: Language = 'fr';
  const issuer = await person(browser, language);
  const holderContext = await browser.newContext({ locale: 'fr-FR' });
  const holderPage = await holderContext.newPage();
  const { email } = await freshCustomer(holderPage, language);

  await open(issuer.page, language, '/dashboard/funds/add/');
  await issuer.page.getByRole('radio', { name: f(language, 'tokens.create.token'), exact: true }).click();
  const form = issuer.page.getByRole('form', { name: f(language, 'tokens.create.title') });
  const name = `Jeton ${Date.now().toString(36)}`;
  await field(form, f(language, 'form.name')).fill(name);
  await field(form, f(language, 'tokens.create.symbol')).fill('BAKE');
  await field(form, f(language, 'tokens.create.parValue')).fill(typed(language, '2.5'));
  await form.getByRole('button', { name: f(language, 'tokens.create.submit'), exact: true }).click();
  await expect(issuer.page).toHaveURL(/\/dashboard\/funds\/[0-9a-f-]+\/find\/$/);
  await expect(issuer.page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(issuer.page.getByText(f(language, 'tokens.badge', { symbol: 'BAKE' }))).toBeVisible();
  await expect(issuer.page.getByRole('link', { name: f(language, 'fund.invest'), exact: true })).toHaveCount(
    0,
  );

  const section = issuer.page.getByRole('region', { name: f(language, 'tokens.issuer.title'), exact: true });
  const mint = section.getByRole('form', { name: f(language, 'tokens.mint.title') });
  await field(mint, f(language, 'tokens.transfer.email')).fill(email);
  await field(mint, f(language, 'tokens.freeze.units')).fill(typed(language, '4'));
  await field(mint, f(language, 'tokens.force.reason')).fill('Tour de table');
  await mint.getByRole('button', { name: f(language, 'tokens.mint.previewAction'), exact: true }).click();
  const preview = mint.getByTestId('tokens-mint-preview');
  await expect(preview).toContainText(email);
  const confirm = f(language, 'tokens.mint.confirm', { units: '§' }).split('§')[0]!;
  await preview.getByRole('button', { name: new RegExp(`^${escape(confirm)}`) }).click();
  await expect(
    mint.getByText(f(language, 'tokens.mint.done', { units: '§', name: '§' }).split('§')[1]!),
  ).toBeVisible();
  const audit = section.getByRole('table', { name: f(language, 'tokens.audit.title') });
  await expect(
    audit.getByRole('rowheader', { name: f(language, 'tokens.audit.mint'), exact: true }),
  ).toBeVisible();

  const tokenPath = new URL(issuer.page.url()).pathname;
  await open(holderPage, language, tokenPath);
  await expect(holderPage.getByTestId('tokens-position')).toContainText(/4([.,]0+)?/);
  await expect(holderPage.getByRole('region', { name: f(language, 'tokens.issuer.title') })).toHaveCount(0);
});

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
