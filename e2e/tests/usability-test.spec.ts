import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { consoleText, DEMO_STAFF, signInDemoStaff } from './console-support-staff.ts';
import { expectAccessible, type Language } from './identity-support.ts';
import { watchIngest } from './tracking-support.ts';

/**
 * Usability tests (issue #19), in English and French: uma.research creates a three-task test in the console's
 * studio (one task's success measured by the page reached, two asking for a typed answer, one task moved up into
 * place), asks for the camera, the microphone and the SUS questionnaire, and publishes it. An anonymous visitor in a
 * fresh browser context (Chromium's fake camera and microphone) opens the participant link, reads the guidelines,
 * does the tasks (following the home page's pricing link for the first, an in-app route change whose page view
 * measures its success; then reloading the page: the overlay resumes; typing answers for the others), answers the
 * SUS statements and ends the session once the recording is sent. A second visitor begins and aborts. The researcher
 * then sees the results: one participant completed and one skipped, the task durations, measured success, the typed
 * answers, the SUS score, and the recording playing in the video player; downloads the CSV and the PDF; ends the
 * test, after which the link says it is not available.
 *
 * The overlay's texts are the spec's (section 2) in English and our French; the studio's come from its
 * translation files. Every wait is for a state (a heading, a badge, the overlay's data-uxt-phase), never for time.
 */
test.describe.configure({ mode: 'serial' });

// Chromium's fake camera and microphone (a generated pattern and tone), their permission prompt answered yes.
test.use({
  permissions: ['camera', 'microphone'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

/** The researcher's screen: a laptop in English, a phone in French (the studio works from 360 px). */
const VIEWPORTS = {
  en: { width: 1366, height: 900 },
  fr: { width: 390, height: 844 },
} as const;

/** The overlay's texts (spec section 2; packages/tracker's French). */
const OVERLAY = {
  en: {
    region: 'Usability test',
    read: 'Read guidelines to begin',
    begin: 'Begin Test',
    taskOf: (n: number) => `Task ${n} of 3`,
    answer: 'Your answer',
    next: 'Done, Next',
    abort: 'Abort Session',
    sendSus: 'Send answers',
    thanks: 'Thank you!',
    end: 'End Session',
    unavailable: 'This usability test is not available at the moment. Thank you for your interest.',
    pricing: 'See pricing',
  },
  fr: {
    region: 'Test d’utilisabilité',
    read: 'Lire les consignes pour commencer',
    begin: 'Commencer le test',
    taskOf: (n: number) => `Tâche ${n} sur 3`,
    answer: 'Votre réponse',
    next: 'Terminé, suivant',
    abort: 'Abandonner la session',
    sendSus: 'Envoyer les réponses',
    thanks: 'Merci !',
    end: 'Terminer la session',
    unavailable: 'Ce test d’utilisabilité n’est pas disponible pour le moment. Merci de votre intérêt.',
    pricing: 'Voir les tarifs',
  },
} as const;

const CONTENT = {
  en: {
    guidelines: 'Think aloud as you go. There are three short tasks.',
    tasks: [
      { title: 'Find our prices', description: 'Open the page that lists what Tessera costs.' },
      {
        title: 'Choose a plan',
        description: 'Which plan would suit you?',
        answer: 'The free plan, to start.',
      },
      { title: 'Tell us', description: 'Was anything unclear?', answer: 'Nothing, it was clear.' },
    ],
  },
  fr: {
    guidelines: 'Pensez à voix haute. Il y a trois tâches courtes.',
    tasks: [
      { title: 'Trouver nos tarifs', description: 'Ouvrez la page qui indique ce que coûte Tessera.' },
      {
        title: 'Choisir une offre',
        description: 'Quelle offre vous conviendrait ?',
        answer: 'L’offre gratuite.',
      },
      { title: 'Dites-nous', description: 'Quelque chose était-il flou ?', answer: 'Rien, c’était clair.' },
    ],
  },
} as const;

/** SUS answers: 4 to the odd (positive) statements, 2 to the even ones: (5 x 3 + 5 x 3) x 2.5 = 75. */
const SUS_ANSWERS = [4, 2, 4, 2, 4, 2, 4, 2, 4, 2];

const s = (language: Language, key: string, values: Record<string, string> = {}) =>
  consoleText(language, key, values, 'studio');

/** A required field's label: its text and the design system's visible asterisk. */
const required = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);

/** The researcher writes the test: tasks typed as 1, 3, 2, then the last moved up into second place. */
async function createTest(page: Page, language: Language, title: string): Promise<string> {
  const content = CONTENT[language];
  await page
    .getByRole('navigation')
    .getByRole('link', { name: consoleText(language, 'nav.studio') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: s(language, 'list.title') })).toBeVisible();
  await page.getByRole('link', { name: s(language, 'list.new') }).click();
  await expect(page.getByRole('heading', { level: 1, name: s(language, 'editor.newTitle') })).toBeVisible();

  // An empty title is refused beside the field, with focus on it.
  await page.getByRole('button', { name: s(language, 'editor.create') }).click();
  const titleField = page.getByLabel(required(s(language, 'editor.title')));
  await expect(page.getByText(s(language, 'editor.errors.titleRequired'))).toBeVisible();
  await expect(titleField).toBeFocused();

  await titleField.fill(title);
  await page.getByLabel(s(language, 'editor.guidelines'), { exact: true }).fill(content.guidelines);
  await page.getByRole('checkbox', { name: s(language, 'editor.reqMic') }).check();
  await page.getByRole('checkbox', { name: s(language, 'editor.reqCamera') }).check();
  await page.getByRole('checkbox', { name: s(language, 'editor.sus') }).check();

  const order = [content.tasks[0], content.tasks[2], content.tasks[1]];
  for (const [index, task] of order.entries()) {
    if (index > 0) {
      await page.getByRole('button', { name: s(language, 'editor.addTask') }).click();
    }
    const group = page.getByRole('group', {
      name: s(language, 'editor.taskNumber', { number: String(index + 1) }),
    });
    if (index > 0) {
      // Adding a task moves focus to its title.
      await expect(group.getByLabel(required(s(language, 'editor.taskTitle')))).toBeFocused();
    }
    await group.getByLabel(required(s(language, 'editor.taskTitle'))).fill(task.title);
    await group.getByLabel(s(language, 'editor.taskDescription'), { exact: true }).fill(task.description);
    if ('answer' in task) {
      await group.getByRole('checkbox', { name: s(language, 'editor.allowTyping') }).check();
    }
    if (index === 0) {
      // Success is measured: the participant's session reaches the pricing page.
      await group.getByRole('combobox', { name: s(language, 'editor.success') }).click();
      await page.getByRole('option', { name: s(language, 'editor.successPage') }).click();
      await group.getByLabel(s(language, 'editor.pagePath'), { exact: true }).fill('/pricing');
    }
  }
  const moveUp = page.getByRole('button', { name: s(language, 'editor.moveUpOf', { number: '3' }) });
  await moveUp.click();
  const second = page.getByRole('group', { name: s(language, 'editor.taskNumber', { number: '2' }) });
  await expect(second.getByLabel(required(s(language, 'editor.taskTitle')))).toHaveValue(
    content.tasks[1].title,
  );
  // Focus follows the moved task.
  await expect(
    second.getByRole('button', { name: s(language, 'editor.moveUpOf', { number: '2' }) }),
  ).toBeFocused();

  await page.getByRole('button', { name: s(language, 'editor.create') }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(s(language, 'status.draft'), { exact: true })).toBeVisible();
  const testId = /\/console\/studio\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(testId).toBeTruthy();
  return testId!;
}

/** Publishes the test and reads the participant link from the page. */
async function publish(page: Page, language: Language, testId: string): Promise<string> {
  await page.getByRole('button', { name: s(language, 'sharing.publish'), exact: true }).click();
  await expect(page.getByText(s(language, 'status.published'), { exact: true })).toBeVisible();
  const link = await page.getByLabel(s(language, 'sharing.link')).inputValue();
  expect(new URL(link).searchParams.get('oruxt')).toBe(testId);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await expect(page.getByRole('link', { name: s(language, 'sharing.preview') })).toHaveAttribute(
    'href',
    link,
  );
  await expectAccessible(page);
  return link;
}

/** A visitor of their own: a fresh context (no cookies, no storage), anonymous. */
async function visitor(browser: Browser, baseURL: string | undefined, language: Language) {
  const context = await browser.newContext({
    baseURL,
    locale: language === 'fr' ? 'fr-FR' : 'en-US',
    permissions: ['camera', 'microphone'],
  });
  const page = await context.newPage();
  return { context, page, overlay: page.locator('#tessera-uxt') };
}

/** Waits until two batches more have been accepted, the second made after the first (as tracking-replay does). */
async function sent(page: Page, accepted: () => number): Promise<void> {
  const before = accepted();
  await expect.poll(accepted, { timeout: 60_000 }).toBeGreaterThan(before);
  await page.mouse.move(20, 300);
  await page.mouse.move(120, 380);
  await expect.poll(accepted, { timeout: 60_000 }).toBeGreaterThan(before + 1);
}

const withLanguage = (link: string, language: Language) => `${link}&lng=${language}`;

/** The participant's whole run: guidelines, the three tasks, SUS, the end once the recording is sent. */
async function takeTest(page: Page, overlay: Locator, language: Language, link: string): Promise<void> {
  const o = OVERLAY[language];
  const content = CONTENT[language];
  const ingest = await watchIngest(page.context());
  await page.goto(withLanguage(link, language));
  await page.getByRole('button', { name: o.read }).click();
  const widget = page.getByRole('region', { name: o.region });
  await expect(widget.getByText(content.guidelines)).toBeVisible();
  await widget.getByRole('button', { name: o.begin }).click();
  await expect(overlay).toHaveAttribute('data-uxt-recording', 'recording');

  await expect(widget.getByText(o.taskOf(1))).toBeVisible();
  await expect(widget.getByRole('heading', { name: content.tasks[0].title })).toBeVisible();
  await expect(widget.getByRole('textbox', { name: o.answer })).toHaveCount(0);
  await page.getByRole('link', { name: o.pricing }).first().click();
  await expect(page).toHaveURL(/\/pricing\/?$/);
  // The in-app route change (no page load) is recorded as a page view, which reaches the ingest in the tracker's
  // batches: the task's success is measured from it alone (the reload below comes after the task is done).
  await sent(page, ingest.accepted);
  await widget.getByRole('button', { name: o.next }).click();
  await expect(widget.getByText(o.taskOf(2))).toBeVisible();
  // The participant reloads the page: the overlay resumes at the same task (its or_uxt_* keys).
  await page.reload();
  await expect(overlay).toHaveAttribute('data-uxt-phase', 'tasks');

  for (const [index, task] of [content.tasks[1], content.tasks[2]].entries()) {
    await expect(widget.getByText(o.taskOf(index + 2))).toBeVisible();
    await expect(widget.getByRole('heading', { name: task.title })).toBeVisible();
    await widget.getByRole('textbox', { name: o.answer }).fill(task.answer);
    await widget.getByRole('button', { name: o.next }).click();
  }

  await expect(overlay).toHaveAttribute('data-uxt-phase', 'sus');
  const statements = widget.getByRole('group');
  await expect(statements).toHaveCount(10);
  for (const [index, answer] of SUS_ANSWERS.entries()) {
    await statements
      .nth(index)
      .getByRole('radio', { name: new RegExp(`^${answer}\\b`) })
      .check();
  }
  await widget.getByRole('button', { name: o.sendSus }).click();

  await expect(widget.getByRole('heading', { name: o.thanks })).toBeVisible();
  // 'Submitting Feedback' becomes 'End Session' once the recording is uploaded.
  const end = widget.getByRole('button', { name: o.end });
  await expect(end).toBeEnabled({ timeout: 60_000 });
  await end.click();
  await expect(overlay).toHaveCount(0);
}

/** A second participant begins, then leaves with 'Abort Session': the overlay closes at once. */
async function abortTest(page: Page, overlay: Locator, language: Language, link: string): Promise<void> {
  const o = OVERLAY[language];
  await page.goto(withLanguage(link, language));
  await page.getByRole('button', { name: o.read }).click();
  const widget = page.getByRole('region', { name: o.region });
  // The participant reads the first task before leaving: its begin signal has been answered.
  const taskBegun = page.waitForResponse(
    (response) => /\/uxt\/signals\/task$/.test(new URL(response.url()).pathname) && response.ok(),
  );
  await widget.getByRole('button', { name: o.begin }).click();
  await expect(widget.getByText(o.taskOf(1))).toBeVisible();
  await taskBegun;
  await widget.getByRole('button', { name: o.abort }).click();
  await expect(overlay).toHaveCount(0);
}

/** The researcher's results, read again until the figures and the measured success are in. */
async function checkResults(page: Page, language: Language, title: string): Promise<void> {
  const content = CONTENT[language];
  await page.getByRole('link', { name: s(language, 'test.results') }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const figure = (key: string) =>
    page
      .locator('.studio-figure')
      .filter({ has: page.getByText(s(language, `results.figures.${key}`), { exact: true }) });
  const participant = (number: number) =>
    page.getByRole('region', {
      name: s(language, 'results.participantLabel', { number: String(number) }),
      exact: true,
    });
  // Measured success comes from the visitor's recorded page views, which reach the ingest in the tracker's batches.
  await expect(async () => {
    await page.reload();
    await expect(figure('completed').getByRole('definition')).toHaveText('1');
    await expect(figure('skipped').getByRole('definition')).toHaveText('1');
    // ' · success measured' (never the ' · no success measured' of a task whose condition was not met).
    await expect(
      participant(1).getByRole('listitem').filter({ hasText: content.tasks[0].title }),
    ).toContainText(` · ${s(language, 'results.measuredYes')}`, { timeout: 1000 });
  }).toPass({ timeout: 90_000 });

  await expect(
    participant(1).getByText(s(language, 'participantStatus.completed'), { exact: true }),
  ).toBeVisible();
  await expect(
    participant(2).getByText(s(language, 'participantStatus.skipped'), { exact: true }),
  ).toBeVisible();
  await expect(figure('susMean').getByRole('definition')).toContainText('75');

  // Per task: claimed and measured completion, and times (a median and a 90th percentile for each done task).
  const tasks = page.getByRole('table', { name: s(language, 'results.tasksCaption') });
  const first = tasks.getByRole('row').filter({ hasText: content.tasks[0].title });
  // Both visitors reached the first task; one completed it (and the session shows it: the pricing page).
  await expect(first.getByRole('cell').nth(0)).toHaveText('2');
  await expect(first.getByRole('cell').nth(1)).toHaveText(/^50\s?% \(1 (of|sur) 2\)$/);
  await expect(first.getByRole('cell').nth(2)).toContainText(/50\s?% \(1 (of|sur) 2\)/);
  for (const task of content.tasks) {
    await expect(tasks.getByRole('row').filter({ hasText: task.title }).getByRole('cell').nth(3)).toHaveText(
      /\d[.,]\d\ss|\d\smin/,
    );
  }

  // The typed answers, under their task and in the participant's run.
  const answers = page.getByRole('region', { name: content.tasks[1].title, exact: true });
  await expect(answers.getByText(content.tasks[1].answer)).toBeVisible();
  await expect(participant(1).getByText(content.tasks[2].answer)).toBeVisible();

  // The recording plays: the video has its metadata (width and height of the fake camera's picture).
  await participant(1)
    .getByRole('button')
    .filter({ hasText: s(language, 'results.play') })
    .first()
    .click();
  const video = participant(1).locator('video').first();
  await expect(video).toBeVisible();
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => element.readyState >= 1 && element.videoWidth > 0),
    )
    .toBe(true);
  await expect(participant(2).getByText(s(language, 'results.noRecording'))).toBeVisible();
  await expectAccessible(page);

  // The exports: a CSV with the answers, and a PDF.
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: s(language, 'exports.csv') }).click();
  const csvFile = await (await csv).path();
  expect(readFileSync(csvFile, 'utf8')).toContain(content.tasks[1].answer);
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: s(language, 'exports.pdf') }).click();
  const download = await pdf;
  expect(download.suggestedFilename()).toMatch(/-results\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // The researcher may watch the participant's session, and its page leads back to these results (not to the list
  // of all sessions, which is support's).
  await participant(1)
    .getByRole('link')
    .filter({ hasText: s(language, 'results.replay') })
    .click();
  const backToResults = page.getByRole('link', {
    name: consoleText(language, 'player.backToResults', {}, 'replay'),
  });
  await expect(backToResults).toBeVisible();
  await backToResults.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/** The researcher ends the test (asked first); the link then tells a visitor it is not available. */
async function endTest(
  page: Page,
  language: Language,
  browser: Browser,
  baseURL: string | undefined,
  link: string,
) {
  await page.getByRole('link', { name: s(language, 'results.openTest') }).click();
  await page.getByRole('button', { name: s(language, 'sharing.end'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: s(language, 'sharing.endTitle') });
  await dialog.getByRole('button', { name: s(language, 'sharing.endConfirm') }).click();
  await expect(page.getByText(s(language, 'status.ended'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: s(language, 'sharing.publish'), exact: true })).toHaveCount(
    0,
  );

  const late = await visitor(browser, baseURL, language);
  await late.page.goto(withLanguage(link, language));
  await expect(late.overlay).toHaveAttribute('data-uxt-phase', 'unavailable');
  await expect(late.page.getByText(OVERLAY[language].unavailable)).toBeVisible();
  await late.context.close();
}

for (const language of ['en', 'fr'] as const) {
  test(`a researcher runs a usability test and reads its results (${language})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(VIEWPORTS[language]);
    await signInDemoStaff(page, language, DEMO_STAFF.uma);
    const title = `${language === 'en' ? 'Pricing clarity' : 'Clarté des tarifs'} ${Date.now()}`;
    const testId = await createTest(page, language, title);
    const link = await publish(page, language, testId);

    const first = await visitor(browser, baseURL, language);
    await takeTest(first.page, first.overlay, language, link);
    await first.context.close();
    const second = await visitor(browser, baseURL, language);
    await abortTest(second.page, second.overlay, language, link);
    await second.context.close();

    await checkResults(page, language, title);
    await endTest(page, language, browser, baseURL, link);
  });
}
