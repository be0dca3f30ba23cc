/**
 * The ingest's settings (docs/operations.md, "Session tracking"), read through the platform's config loader as a
 * config section, so a bad value is reported like any other variable.
 */
import { z } from 'zod';
import { envInteger, type Environment, loadConfig } from '@tessera/platform';

/** The variables and their defaults. */
export const ingestEnvSchema = z.object({
  /** Days a recorded session is kept (its events, pages, snapshots, quarantine rows), then purged. */
  INGEST_RETENTION_DAYS: envInteger(30, { min: 1, max: 365 }),
  /** The project key of the web app's tracker, seeded at start and published in /config.json. */
  INGEST_PROJECT_KEY: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, { error: 'must be 1 to 64 lowercase letters, digits or hyphens' })
    .default('tessera-web'),
  /** Hours a session's bearer token lives at most (it also lapses after 30 minutes without a batch). */
  INGEST_SESSION_TOKEN_MAX_HOURS: envInteger(24, { min: 1, max: 168 }),
  /** Batches (and other tracker calls) per session token and minute. */
  INGEST_RATE_PER_SESSION: envInteger(240, { min: 1, max: 100000 }),
  /** Tracker calls per client address and minute (sessions started, batches, images). */
  INGEST_RATE_PER_ADDRESS: envInteger(1200, { min: 1, max: 1000000 }),
  /**
   * Signs the usability-test recordings' upload URLs (HMAC-SHA256); unset, a random secret is made once and kept in
   * the ingest schema (`uxt_secret`), so every process of one database signs alike.
   */
  INGEST_UXT_UPLOAD_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .max(512, { error: 'must be at most 512 characters' })
    .optional(),
  /** Whether the tracker runs in secure mode (unset: on in production mode, off in demo and test). */
  TRACKER_SECURE_MODE: z
    .stringbool({
      truthy: ['true', '1', 'yes', 'on'],
      falsy: ['false', '0', 'no', 'off'],
      case: 'insensitive',
      error: 'must be true or false',
    })
    .optional(),
});

/** The parsed settings. */
export interface IngestSettings {
  readonly retentionDays: number;
  readonly projectKey: string;
  readonly tokenMaxHours: number;
  readonly ratePerSession: number;
  readonly ratePerAddress: number;
  readonly secureMode: boolean | undefined;
  readonly uxtUploadSecret: string | undefined;
}

/** Reads the settings from `env` (the process environment by default). @throws ConfigError */
export function loadIngestSettings(env?: Environment): IngestSettings {
  const section = loadConfig(env, { ingest: ingestEnvSchema }).ingest;
  return {
    retentionDays: section.INGEST_RETENTION_DAYS,
    projectKey: section.INGEST_PROJECT_KEY,
    tokenMaxHours: section.INGEST_SESSION_TOKEN_MAX_HOURS,
    ratePerSession: section.INGEST_RATE_PER_SESSION,
    ratePerAddress: section.INGEST_RATE_PER_ADDRESS,
    secureMode: section.TRACKER_SECURE_MODE,
    uxtUploadSecret: section.INGEST_UXT_UPLOAD_SECRET,
  };
}
