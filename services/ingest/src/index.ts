/** @tessera/service-ingest: session tracking (the tracker's ingest point) and the staff replay API. */
export {
  configureIngestForTest,
  INGEST_POINT_PREFIX,
  INGEST_STAFF_PREFIX,
  ingestService,
} from './service.ts';
export { loadIngestSettings, type IngestSettings } from './settings.ts';
export { scanText, scanValue, type PiiFindings } from './modules/tracker/pii-tripwire.ts';
