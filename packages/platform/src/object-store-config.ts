/**
 * Which object store a process uses (docs/operations.md, "Object store"): read through the platform's config
 * loader as a config section, so a bad value is reported like any other variable.
 *
 * - OBJECT_STORE=fs (default): files under OBJECT_STORE_DIR, by default `<DATA_DIR>/objects`. With DATA_DIR
 *   `memory://` (tests) a fresh temporary directory is used.
 * - OBJECT_STORE=s3: S3_BUCKET (required), S3_REGION, S3_ENDPOINT (an S3-compatible server), S3_ACCESS_KEY_ID and
 *   S3_SECRET_ACCESS_KEY (both or neither; neither uses the SDK's default chain), S3_KEY_PREFIX.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { type Environment, loadConfig } from './config.ts';
import { envEnum, envHttpUrl, envString } from './config-fields.ts';
import { createFilesystemObjectStore, type ObjectStore } from './object-store.ts';

/** The object store's variables and their defaults. */
export const objectStoreEnvSchema = z
  .object({
    OBJECT_STORE: envEnum(['fs', 's3'] as const, 'fs'),
    OBJECT_STORE_DIR: envString('', 4096),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name (3-63 of a-z 0-9 . -)' })
      .optional(),
    S3_REGION: envString('eu-west-1', 64),
    S3_ENDPOINT: envHttpUrl().optional(),
    S3_ACCESS_KEY_ID: envString('', 256),
    S3_SECRET_ACCESS_KEY: envString('', 256),
    S3_KEY_PREFIX: z
      .string()
      .regex(/^(?:[A-Za-z0-9_.-]+\/)+$/, {
        error: 'must be segments of A-Z a-z 0-9 . _ - each ending with /',
      })
      .optional(),
  })
  .superRefine((env, context) => {
    if (env.OBJECT_STORE === 's3' && env.S3_BUCKET === undefined) {
      context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when OBJECT_STORE=s3' });
    }
    if ((env.S3_ACCESS_KEY_ID === '') !== (env.S3_SECRET_ACCESS_KEY === '')) {
      context.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  });

/** The parsed settings. */
export type ObjectStoreSettings = z.output<typeof objectStoreEnvSchema>;

/** Reads the settings from `env` (the process environment by default). @throws ConfigError */
export function loadObjectStoreSettings(env?: Environment): ObjectStoreSettings {
  return loadConfig(env, { objectStore: objectStoreEnvSchema }).objectStore;
}

/**
 * The store the settings name; `dataDir` is the process's DATA_DIR. The S3 adapter (and the AWS SDK) is loaded
 * only when chosen, so a process on the filesystem store never loads it.
 */
export async function createObjectStore(
  settings: ObjectStoreSettings,
  dataDir: string,
): Promise<ObjectStore> {
  if (settings.OBJECT_STORE === 's3') {
    const { createS3ObjectStore } = await import('./object-store-s3.ts');
    return createS3ObjectStore({
      bucket: settings.S3_BUCKET ?? '',
      region: settings.S3_REGION,
      ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT } : {}),
      ...(settings.S3_ACCESS_KEY_ID !== ''
        ? {
            credentials: {
              accessKeyId: settings.S3_ACCESS_KEY_ID,
              secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
            },
          }
        : {}),
      ...(settings.S3_KEY_PREFIX ? { keyPrefix: settings.S3_KEY_PREFIX } : {}),
    });
  }
  if (settings.OBJECT_STORE_DIR !== '') {
    return createFilesystemObjectStore(settings.OBJECT_STORE_DIR);
  }
  if (dataDir.startsWith('memory://')) {
    return createFilesystemObjectStore(mkdtempSync(join(tmpdir(), 'tessera-objects-')));
  }
  return createFilesystemObjectStore(join(dataDir, 'objects'));
}
