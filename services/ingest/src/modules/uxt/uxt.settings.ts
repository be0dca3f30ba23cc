/**
 * The usability tests' setting (docs/operations.md, "Usability tests"), read through the platform's config loader.
 * INGEST_UXT_UPLOAD_SECRET signs the recordings' upload URLs (HMAC-SHA256); unset, a random secret is made once and
 * kept in the ingest schema (`uxt_secret`), so every process of one database signs alike.
 */
import { z } from 'zod';
import { type Environment, loadConfig } from '@tessera/platform';

export const uxtEnvSchema = z.object({
  INGEST_UXT_UPLOAD_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .max(512, { error: 'must be at most 512 characters' })
    .optional(),
});

/** The upload-signing secret, or undefined (the database's). @throws ConfigError */
export function loadUxtUploadSecret(env?: Environment): string | undefined {
  return loadConfig(env, { uxt: uxtEnvSchema }).uxt.INGEST_UXT_UPLOAD_SECRET;
}
