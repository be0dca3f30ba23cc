/**
 * Demo data (PRODUCT.md, "Demo data"): in demo mode one published usability test with three tasks is there to
 * take (`/?oruxt=<id>`) and to read in the studio. Idempotent: a fixed id, inserted once (a second process finds it in place).
 */
import type { UxtDatabase } from './uxt.tables.ts';

/** The demo test's id: `/?oruxt=7e5a0d0e-0019-4000-8000-000000000019` opens it. */
export const DEMO_UXT_TEST_ID = '7e5a0d0e-0019-4000-8000-000000000019';

export async function seedDemoUsabilityTest(db: UxtDatabase, projectKey: string): Promise<void> {
  await db
    .updateTable('project')
    .set({ usability_test_enabled: true })
    .where('id', '=', projectKey)
    .execute();
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('uxt_test')
      .values({
        id: DEMO_UXT_TEST_ID,
        project_id: projectKey,
        title: 'Finding your way on Tessera',
        description: 'Three short tasks on the public site. It takes about five minutes.',
        starting_path: '/',
        guidelines:
          'Think aloud as you go. There are no wrong answers: we are testing the site, not you. ' +
          'Press "Done, Next" when you have finished a task, or when you would give up.',
        conclusion: 'Thank you for your time: your answers help us make Tessera clearer.',
        req_mic: false,
        req_camera: false,
        sus: true,
        status: 'published',
        created_by: null,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted === undefined) {
      return;
    }
    await trx
      .insertInto('uxt_task')
      .values([
        {
          test_id: DEMO_UXT_TEST_ID,
          position: 0,
          title: 'Find the prices',
          description: 'Starting from the home page, find out what trading on Tessera costs.',
          allow_typing: false,
          success: JSON.stringify({ kind: 'page', path: '/pricing' }),
        },
        {
          test_id: DEMO_UXT_TEST_ID,
          position: 1,
          title: 'Find help',
          description: 'Find an article in the help centre that explains how to open an account.',
          allow_typing: false,
          success: JSON.stringify({ kind: 'page', path: '/help/**' }),
        },
        {
          test_id: DEMO_UXT_TEST_ID,
          position: 2,
          title: 'Tell us what is missing',
          description: 'What would you want to know before opening an account? Type your answer.',
          allow_typing: true,
          success: null,
        },
      ])
      .execute();
  });
}
