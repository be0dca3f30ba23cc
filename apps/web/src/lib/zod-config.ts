/**
 * Zod without its just-in-time object parsers. To learn whether it may compile them, zod probes once with
 * `new Function('')` inside a try/catch; under the app's Content-Security-Policy (no 'unsafe-eval', docs/security.md)
 * the browser refuses it and reports a `script-src eval` violation, caught or not (issue #15, seen on
 * /dashboard/wallets/). With `jitless` zod skips the probe and parses with its interpreter, which the CSP allows.
 * Imported before the first parse (lib/runtime-config.ts parses /config.json first of all).
 */
import { z } from 'zod';

z.config({ jitless: true });
