import { test as setup } from '@playwright/test';
import { SIGNED_IN, signIn } from './support.ts';

setup('sign the demo customer in through the real sign-in page', async ({ page }) => {
  await signIn(page);
  await page.context().storageState({ path: SIGNED_IN });
});
