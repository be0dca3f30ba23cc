import { test as setup } from '@playwright/test';
import { SESSION_TEMPLATE, signIn } from './support.ts';

// The real sign-in page, once: what the web app stores is the template each journey's own session is laid out
// in (support.ts, demoSession). The session itself is never shared.
setup('sign the demo customer in through the real sign-in page', async ({ page }) => {
  await signIn(page);
  await page.context().storageState({ path: SESSION_TEMPLATE });
});
