/**
 * The outbox's two readers: the dev mailbox page (en/fr, absent in production) and the SMTP delivery job (a real
 * nodemailer transport; rows marked sent; failures retried later; pending rows survive a restart).
 */
import { describeEachDatabase } from '@tessera/platform/testing';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type IdentityHarness, startIdentity } from '../../testing/harness.ts';
import { deliverBatch, type MailTransport } from './delivery.ts';
import { enqueueMessage } from './outbox.repository.ts';

describeEachDatabase('identity outbox', ({ createDatabase }) => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity(await createDatabase());
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('the dev mailbox lists messages, in English or French', async () => {
    await enqueueMessage(identity.db, {
      channel: 'email',
      recipient: 'mailbox@example.test',
      locale: 'en',
      kind: 'signUpCode',
      value: '123456',
    });
    const english = await identity.app.inject({ url: '/dev/mailbox' });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    expect(english.body).toContain('Development mailbox');
    expect(english.body).toContain('Your confirmation code is 123456');
    expect(english.body).not.toMatch(/<script/);
    const french = await identity.app.inject({
      url: '/dev/mailbox',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('Boîte aux lettres de développement');
    expect((await identity.app.inject({ url: '/dev/mailbox?lng=fr' })).body).toContain('lang="fr"');
  });

  it('delivers pending e-mails through nodemailer and marks them sent; SMS rows wait', async () => {
    await identity.db.updateTable('outbox').set({ sent_at: new Date() }).execute();
    await enqueueMessage(identity.db, {
      channel: 'email',
      recipient: 'a@example.test',
      locale: 'fr',
      kind: 'forgotPasswordCode',
      value: '654321',
    });
    await enqueueMessage(identity.db, {
      channel: 'sms',
      recipient: '+33600000001',
      locale: 'en',
      kind: 'smsMfaCode',
      value: '111111',
    });
    const sent: string[] = [];
    const json = nodemailer.createTransport({ jsonTransport: true });
    const transport: MailTransport = {
      async sendMail(message) {
        const info = (await json.sendMail(message)) as { message: string };
        sent.push(info.message);
      },
    };
    expect(
      await deliverBatch(identity.db, transport, 'Tessera <no-reply@tessera.test>', identity.app.log),
    ).toBe(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({
      subject: 'Réinitialisez votre mot de passe Tessera',
      to: [{ address: 'a@example.test' }],
    });
    const pending = await identity.db
      .selectFrom('outbox')
      .select(['channel'])
      .where('sent_at', 'is', null)
      .execute();
    expect(pending).toEqual([{ channel: 'sms' }]);
  });

  it('retries a failed delivery later, and a fresh process picks up what is pending', async () => {
    await identity.db.updateTable('outbox').set({ sent_at: new Date() }).execute();
    await enqueueMessage(identity.db, {
      channel: 'email',
      recipient: 'b@example.test',
      locale: 'en',
      kind: 'signUpCode',
      value: '222222',
    });
    const broken: MailTransport = { sendMail: () => Promise.reject(new Error('connection refused')) };
    expect(await deliverBatch(identity.db, broken, 'x@tessera.test', identity.app.log)).toBe(0);
    const failed = await identity.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'b@example.test')
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ sent_at: null, attempts: 1, last_error: 'connection refused' });
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    // As after a restart once the backoff has passed: the row is still there and goes out.
    await identity.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', failed.id)
      .execute();
    const delivered: string[] = [];
    const working: MailTransport = { sendMail: async (message) => void delivered.push(message.to) };
    expect(await deliverBatch(identity.db, working, 'x@tessera.test', identity.app.log)).toBe(1);
    expect(delivered).toEqual(['b@example.test']);
  });
});

describeEachDatabase('identity dev mailbox in production', ({ createDatabase }) => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity(await createDatabase(), { NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('does not exist', async () => {
    expect((await identity.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
