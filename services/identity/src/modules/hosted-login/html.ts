/**
 * The server-rendered pages of the identity service (hosted login, dev mailbox): plain HTML, one external
 * stylesheet with the brand colours of packages/ui (light and dark), no script at all, so the platform's strict
 * Content Security Policy holds (no inline script or <style>).
 */
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../outbox/messages.ts';
import { z } from 'zod';

/** Where the stylesheet is served. */
export const STYLESHEET_PATH = '/oauth2/assets/identity.css';

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A whole page: language, title, the stylesheet and a main landmark. */
export function pageHtml({ locale, title, body }: { locale: Locale; title: string; body: string }): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Tessera</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<header class="brand"><span class="wordmark" aria-label="Tessera">Tessera</span></header>
<main>
${body}
</main>
</body>
</html>
`;
}

const stylesheet = `:root{--brand:#0b5b57;--brand-hover:#084844;--brand-contrast:#fff;--brand-subtle:#e0eeeb;
--text:#0d1b1e;--text-2:#3b4b4f;--bg:#f6f8f7;--surface:#fff;--border:#dde3e1;--danger:#b42318;color-scheme:light dark}
@media (prefers-color-scheme:dark){:root{--brand:#4cc2b3;--brand-hover:#6ccfc2;--brand-contrast:#03201d;
--brand-subtle:#0e3532;--text:#ecf2f1;--text-2:#b3c2c2;--bg:#0a1416;--surface:#10201f;--border:#233539;--danger:#f0695e}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--text)}
.brand{padding:1rem 1.5rem;border-bottom:1px solid var(--border);background:var(--surface)}
.wordmark{font-weight:700;font-size:1.25rem;color:var(--brand);letter-spacing:.02em}
main{max-width:32rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 1rem}
form{background:var(--surface);border:1px solid var(--border);border-radius:.75rem;padding:1.5rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.625rem .75rem;font:inherit;color:var(--text);background:var(--bg);border:1px solid var(--text-2);border-radius:.5rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
button{margin-top:1.5rem;width:100%;padding:.75rem;font:inherit;font-weight:600;border:0;border-radius:.5rem;background:var(--brand);color:var(--brand-contrast);cursor:pointer}
button:hover{background:var(--brand-hover)}
.error{color:var(--danger);font-weight:600}
.hint{color:var(--text-2)}
a{color:var(--brand)}
.messages{list-style:none;padding:0}
.message{background:var(--surface);border:1px solid var(--border);border-radius:.75rem;padding:1rem;margin:0 0 1rem}
.message h2{font-size:1.1rem;margin:0 0 .5rem}
.message dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 .5rem;color:var(--text-2)}
.message dd{margin:0}
`;

/** Serves the stylesheet (cached for an hour: it changes only with a release). */
export async function stylesheetRoute(app: FastifyInstance) {
  const schema = {
    summary: "The hosted login's stylesheet",
    response: { 200: { description: 'CSS', content: { 'text/css': { schema: z.string() } } } },
  };
  app.get(STYLESHEET_PATH, { schema }, async (_request, reply) => {
    void reply.header('cache-control', 'public, max-age=3600');
    return reply.type('text/css; charset=utf-8').send(stylesheet);
  });
}
