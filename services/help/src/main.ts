/** Runs the help service alone: `node --import tsx services/help/src/main.ts` (PORT, DATABASE_URL, ...). */
import { runServiceAlone } from '@tessera/platform';
import { helpService } from './service.ts';

// The pre-render (apps/web/scripts/prerender.ts) reads the line `Help service listening at http://...` to find the
// port when PORT=0: keep the display name.
await runServiceAlone({ services: [helpService], displayName: 'Help service' });
