/** Runs the ingest alone: `node --import tsx services/ingest/src/main.ts` (PORT, DATABASE_URL, ...). */
import { runServiceAlone } from '@tessera/platform';
import { ingestService } from './service.ts';

await runServiceAlone({ services: [ingestService], displayName: 'Ingest service' });
