/** The ingest's metric: batches quarantined by the PII tripwire, by kind (iban, card, email). Never a value. */
import { serviceCounter } from '@tessera/platform';

export const quarantinedBatches = serviceCounter({
  name: 'ingest_quarantined_batches_total',
  help: 'Tracker batches quarantined by the PII tripwire (not stored), by kind of finding.',
  labelNames: ['kind'] as const,
});
