/**
 * Zod without its just-in-time parsers, whose `new Function('')` probe the console's Content-Security-Policy (no
 * 'unsafe-eval') refuses and reports as a violation: the web app's reason, in apps/web/src/lib/zod-config.ts.
 * Imported first by main.tsx, before any parse.
 */
import { z } from 'zod';

z.config({ jitless: true });
