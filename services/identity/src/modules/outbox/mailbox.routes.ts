/**
 * GET /dev/mailbox: a server-rendered page listing what the outbox holds (e-mails and SMS, newest first), so a
 * person can sign up without a mail server. English or French by ?lng or Accept-Language. Not served with
 * NODE_ENV=production: codes must never be readable by anyone but their recipient there.
 */
import { documentOnly } from '@tessera/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { IdentityRuntime } from '../../runtime.ts';
import { escapeHtml, pageHtml } from '../hosted-login/html.ts';
import { type Locale, pickLocale } from './messages.ts';
import { latestMessages } from './outbox.repository.ts';

/** How many messages the page shows. */
const PAGE_SIZE = 50;

const labels: Record<Locale, Record<string, string>> = {
  en: {
    title: 'Development mailbox',
    intro: 'Messages Tessera would have sent by e-mail or SMS. This page exists only outside production.',
    empty: 'No messages yet.',
    to: 'To',
    channel: 'Channel',
    sent: 'Delivered by SMTP',
    queued: 'In the outbox',
    email: 'E-mail',
    sms: 'SMS',
  },
  fr: {
    title: 'Boîte aux lettres de développement',
    intro:
      'Les messages que Tessera aurait envoyés par e-mail ou SMS. Cette page n’existe qu’en dehors de la production.',
    empty: 'Aucun message pour l’instant.',
    to: 'À',
    channel: 'Canal',
    sent: 'Remis par SMTP',
    queued: 'Dans la file d’envoi',
    email: 'E-mail',
    sms: 'SMS',
  },
};

/** Registers /dev/mailbox when enabled. */
export async function mailboxRoutes(app: FastifyInstance, { runtime }: { runtime: IdentityRuntime }) {
  if (!runtime.settings.mailboxEnabled) {
    return;
  }
  const schema = {
    summary: 'Demo only: the messages Tessera would have sent by e-mail or SMS (HTML)',
    querystring: documentOnly(z.object({ lng: z.string().optional() }).catchall(z.string())),
    response: { 200: { description: 'HTML', content: { 'text/html': { schema: z.string() } } } },
  };
  app.get('/dev/mailbox', { schema }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const locale = pickLocale(
      typeof query['lng'] === 'string' ? query['lng'] : undefined,
      request.headers['accept-language'],
    );
    const text = labels[locale];
    const rows = await latestMessages(runtime.db, PAGE_SIZE);
    const items = rows.map(
      (row) => `<li class="message">
  <h2>${escapeHtml(row.subject)}</h2>
  <dl>
    <dt>${text['to']}</dt><dd>${escapeHtml(row.recipient)}</dd>
    <dt>${text['channel']}</dt><dd>${row.channel === 'sms' ? text['sms'] : text['email']}</dd>
    <dt><time datetime="${row.created_at.toISOString()}">${row.created_at.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></dt>
    <dd>${row.sent_at ? text['sent'] : text['queued']}</dd>
  </dl>
  <p>${escapeHtml(row.body)}</p>
</li>`,
    );
    const body = `<h1>${text['title']}</h1>
<p>${text['intro']}</p>
${items.length > 0 ? `<ol class="messages">${items.join('\n')}</ol>` : `<p>${text['empty']}</p>`}`;
    void reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(pageHtml({ locale, title: text['title']!, body }));
  });
}
