/**
 * The overlay's styles, adopted by its shadow root as a constructed stylesheet: the page's CSS does not reach it,
 * and the page's Content Security Policy (style-src without 'unsafe-inline') does not govern constructed sheets.
 * `all: initial` stops the page's inherited fonts and colours.
 */
export const UXT_CSS = `
:host {
  all: initial;
  --uxt-bg: #ffffff;
  --uxt-fg: #14171f;
  --uxt-muted: #4a5160;
  --uxt-line: #c9ced8;
  --uxt-soft: #f1f3f7;
  --uxt-accent: #1f4fd1;
  --uxt-accent-fg: #ffffff;
  --uxt-danger: #a3141b;
  --uxt-focus: #1f4fd1;
  --uxt-shadow: 0 12px 32px rgba(10, 14, 25, 0.28);
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  font-size: 15px;
  line-height: 1.45;
  color: var(--uxt-fg);
}
:host([data-theme='dark']) {
  --uxt-bg: #181b22;
  --uxt-fg: #eef0f4;
  --uxt-muted: #b5bcc9;
  --uxt-line: #3b4150;
  --uxt-soft: #232732;
  --uxt-accent: #8fb0ff;
  --uxt-accent-fg: #0b1020;
  --uxt-danger: #ff9a9f;
  --uxt-focus: #8fb0ff;
}
@media (prefers-color-scheme: dark) {
  :host(:not([data-theme='light'])) {
    --uxt-bg: #181b22;
    --uxt-fg: #eef0f4;
    --uxt-muted: #b5bcc9;
    --uxt-line: #3b4150;
    --uxt-soft: #232732;
    --uxt-accent: #8fb0ff;
    --uxt-accent-fg: #0b1020;
    --uxt-danger: #ff9a9f;
    --uxt-focus: #8fb0ff;
  }
}
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
h2, h3, h4, p, ol, fieldset, legend { margin: 0; padding: 0; }
h2 { font-size: 1.15rem; line-height: 1.3; }
h3 { font-size: 1rem; }
h4 { font-size: 1rem; margin-top: 4px; }
p + p { margin-top: 8px; }
.pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.muted { color: var(--uxt-muted); }
.eyebrow { font-size: 0.8rem; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em; color: var(--uxt-muted); }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
button, textarea, input { font: inherit; color: inherit; }
button {
  cursor: pointer;
  min-height: 40px;
  padding: 8px 14px;
  border-radius: 8px;
  border: 1px solid var(--uxt-line);
  background: var(--uxt-bg);
}
button:disabled { cursor: default; opacity: 0.85; }
button.primary { background: var(--uxt-accent); color: var(--uxt-accent-fg); border-color: var(--uxt-accent); font-weight: 600; }
button.link { border: 0; background: none; color: var(--uxt-danger); text-decoration: underline; padding: 8px 0; min-height: 40px; }
:focus-visible { outline: 3px solid var(--uxt-focus); outline-offset: 2px; }
.backdrop {
  position: fixed; inset: 0; z-index: 2147483000;
  display: flex; align-items: center; justify-content: center;
  padding: 16px; background: rgba(10, 14, 25, 0.55);
}
.greeting {
  width: min(480px, 100%); max-height: calc(100vh - 32px); overflow: auto;
  background: var(--uxt-bg); color: var(--uxt-fg); border-radius: 12px; box-shadow: var(--uxt-shadow);
  padding: 24px; display: flex; flex-direction: column; gap: 12px;
}
.greeting button { align-self: flex-start; }
.widget {
  position: fixed; top: 16px; right: 16px; z-index: 2147483000;
  width: 360px; max-width: calc(100vw - 16px); max-height: calc(100vh - 32px);
  display: flex; flex-direction: column;
  background: var(--uxt-bg); color: var(--uxt-fg);
  border: 1px solid var(--uxt-line); border-radius: 12px; box-shadow: var(--uxt-shadow);
}
.bar {
  display: flex; align-items: center; gap: 8px; padding: 8px 10px;
  border-bottom: 1px solid var(--uxt-line); background: var(--uxt-soft); border-radius: 12px 12px 0 0;
  touch-action: none; user-select: none;
}
.widget.collapsed .bar { border-bottom: 0; border-radius: 12px; }
.bar h2 { flex: 1; font-size: 0.95rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.handle { cursor: move; min-width: 40px; padding: 4px 8px; font-size: 1.1rem; line-height: 1; }
.body { overflow: auto; padding: 12px 14px 14px; display: flex; flex-direction: column; gap: 12px; }
.section { border: 1px solid var(--uxt-line); border-radius: 10px; }
.section > h3 { font-size: 1rem; }
.section > h3 > button {
  width: 100%; display: flex; justify-content: space-between; align-items: center;
  border: 0; border-radius: 10px; background: none; font-weight: 600; text-align: left;
}
.section > h3 > button::after { content: '+'; font-weight: 400; }
.section > h3 > button[aria-expanded='true']::after { content: '\\2212'; }
.panel { padding: 0 14px 14px; display: flex; flex-direction: column; gap: 12px; }
.steps { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; }
.steps li {
  width: 32px; height: 32px; border-radius: 50%; display: flex; align-items: center; justify-content: center;
  border: 2px solid var(--uxt-line); font-weight: 600; font-size: 0.9rem; position: relative;
}
.steps li.current { border-color: var(--uxt-accent); color: var(--uxt-accent); }
.steps li.done { background: var(--uxt-accent); border-color: var(--uxt-accent); color: var(--uxt-accent-fg); }
.card { background: var(--uxt-soft); border-radius: 10px; padding: 12px; display: flex; flex-direction: column; gap: 6px; }
.card h4:focus { outline: none; }
.card h4:focus-visible { outline: 3px solid var(--uxt-focus); }
label { font-weight: 600; }
textarea {
  width: 100%; min-height: 72px; resize: vertical; padding: 8px; border-radius: 8px;
  border: 1px solid var(--uxt-line); background: var(--uxt-bg);
}
.actions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: flex-end; }
.status { font-size: 0.9rem; padding: 8px 10px; border-radius: 8px; background: var(--uxt-soft); }
.status.warn { border-left: 4px solid var(--uxt-danger); }
.rec { display: flex; align-items: center; gap: 8px; }
.rec::before { content: ''; width: 10px; height: 10px; border-radius: 50%; background: #d3121b; flex: none; }
fieldset { border: 1px solid var(--uxt-line); border-radius: 10px; padding: 10px 12px; }
legend { padding: 0 4px; font-weight: 600; }
.scale { display: flex; gap: 6px; margin-top: 8px; flex-wrap: wrap; }
.scale label { display: flex; flex-direction: column; align-items: center; font-weight: 400; min-width: 40px; cursor: pointer; }
.scale input { width: 22px; height: 22px; margin: 4px; }
.scale-ends { display: flex; justify-content: space-between; font-size: 0.8rem; color: var(--uxt-muted); margin-top: 4px; }
.end h3:focus { outline: none; }
.spinner {
  display: inline-block; width: 16px; height: 16px; margin-right: 8px; vertical-align: -3px;
  border: 2px solid currentColor; border-right-color: transparent; border-radius: 50%;
  animation: uxt-spin 0.8s linear infinite;
}
@keyframes uxt-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
@media (max-width: 480px) {
  .widget { left: 8px; right: 8px; top: 8px; width: auto; max-width: none; }
  .greeting { padding: 18px; }
}
`;
