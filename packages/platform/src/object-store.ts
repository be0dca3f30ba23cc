/**
 * The object store: where services keep files that do not belong in a database row (identity documents for KYC,
 * profile pictures). One interface, two adapters: the local filesystem under DATA_DIR (the default, one machine)
 * and an S3-compatible bucket (object-store-s3.ts; AWS S3, MinIO, Scaleway...). Chosen by OBJECT_STORE
 * (object-store-config.ts, docs/operations.md "Object store").
 *
 * Guarantees, whichever adapter:
 * - Nothing is ever served from a public URL: objects are read only through `get`, by a route that checked who asks.
 * - Keys are checked before any I/O ({@link assertObjectKey}): segments of letters, digits, `.`, `_` and `-`
 *   separated by `/`, no empty, `.` or `..` segment, at most OBJECT_KEY_MAX_LENGTH characters. A key can therefore
 *   never name a file outside the store's directory (path traversal), on any adapter.
 * - `put` replaces an object whole: a reader sees the old bytes or the new ones, never a mix (the filesystem adapter
 *   writes a temporary file and renames it).
 * - `delete` of a missing key succeeds (idempotent: a retention job may run twice).
 * - `list` is bounded (`limit`, at most OBJECT_LIST_MAX).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { invariant } from '@tessera/money';

/** The longest key accepted. */
export const OBJECT_KEY_MAX_LENGTH = 512;
/** The most keys one `list` returns. */
export const OBJECT_LIST_MAX = 1000;
/** The content type of an object stored without one. */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** An object's bytes and what was said about them when stored. */
export interface StoredObject {
  readonly key: string;
  readonly contentType: string;
  readonly size: number;
  readonly body: Uint8Array;
}

/** An object as a listing shows it (no bytes). */
export interface ObjectInfo {
  readonly key: string;
  readonly size: number;
}

/** Where services keep files. */
export interface ObjectStore {
  /** Stores `body` under `key` (replacing what was there) with its content type. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object, or `null` when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The keys starting with `prefix` (in key order, at most `limit`, default and cap OBJECT_LIST_MAX). */
  list(prefix: string, options?: { limit?: number }): Promise<ObjectInfo[]>;
}

/** Thrown for a key or prefix the store refuses (a programmer error: callers build keys from ids). */
export class ObjectKeyError extends Error {
  override readonly name = 'ObjectKeyError';
  readonly code = 'OBJECT_KEY_INVALID';
}

const SEGMENT = /^[A-Za-z0-9_.-]+$/;

function segmentIsValid(segment: string): boolean {
  return SEGMENT.test(segment) && segment !== '.' && segment !== '..';
}

/** Throws ObjectKeyError unless `key` is a valid object key (see the module comment). */
export function assertObjectKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0 || key.length > OBJECT_KEY_MAX_LENGTH) {
    throw new ObjectKeyError('object key must be 1 to 512 characters');
  }
  if (!key.split('/').every(segmentIsValid)) {
    throw new ObjectKeyError('object key must be /-separated segments of A-Z a-z 0-9 . _ - (no . or ..)');
  }
}

/** Throws ObjectKeyError unless `prefix` is empty or a key, optionally followed by `/`. */
export function assertObjectPrefix(prefix: string): void {
  if (prefix === '') {
    return;
  }
  assertObjectKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

/** The number of keys a listing may return. */
export function listLimit(limit: number | undefined): number {
  const value = limit ?? OBJECT_LIST_MAX;
  invariant(Number.isInteger(value) && value >= 1, 'list limit must be a positive integer');
  return Math.min(value, OBJECT_LIST_MAX);
}

// ---------------------------------------------------------------------------------------------------------------
// The local filesystem adapter
// ---------------------------------------------------------------------------------------------------------------

/**
 * Beside each object, its content type in `<file>~meta.json`. `~` is not allowed in keys, so no key can name a
 * metadata file or a temporary file, and a listing can skip them by that character.
 */
const META_SUFFIX = '~meta.json';
const TEMPORARY_MARK = '~tmp-';

/**
 * The filesystem adapter: object `a/b/c` is the file `<root>/a/b/c`. Files are created with mode 0600 and
 * directories 0700: only the server's own user reads them.
 */
export function createFilesystemObjectStore(root: string): ObjectStore {
  const base = resolve(root);

  /** The file of `key`, after checking that it stays under `base` (a second fence behind assertObjectKey). */
  const fileOf = (key: string): string => {
    assertObjectKey(key);
    const file = resolve(base, ...key.split('/'));
    if (!file.startsWith(base + sep)) {
      throw new ObjectKeyError('object key leaves the store');
    }
    return file;
  };

  const writeAtomically = async (file: string, data: Uint8Array | string) => {
    const temporary = `${file}${TEMPORARY_MARK}${randomUUID()}`;
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, file);
  };

  return {
    async put(key, body, contentType) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      // The type first: a reader that finds the new bytes finds their type too.
      await writeAtomically(`${file}${META_SUFFIX}`, JSON.stringify({ contentType }));
      await writeAtomically(file, body);
    },

    async get(key) {
      const file = fileOf(key);
      let body: Buffer;
      try {
        body = await readFile(file);
      } catch (error) {
        if (isMissing(error)) {
          return null;
        }
        throw error;
      }
      return { key, contentType: await readContentType(file), size: body.byteLength, body };
    },

    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}${META_SUFFIX}`, { force: true });
    },

    async list(prefix, options) {
      assertObjectPrefix(prefix);
      const limit = listLimit(options?.limit);
      // Walk only the directory the prefix names (its part before the last `/`).
      const slash = prefix.lastIndexOf('/');
      const directoryKey = slash === -1 ? '' : prefix.slice(0, slash);
      const start = directoryKey === '' ? base : fileOf(directoryKey);
      const keys: ObjectInfo[] = [];
      await walk(start, directoryKey, async (key, file) => {
        if (key.startsWith(prefix)) {
          keys.push({ key, size: (await stat(file)).size });
        }
      });
      return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, limit);
    },
  };
}

async function readContentType(file: string): Promise<string> {
  try {
    const meta = JSON.parse(await readFile(`${file}${META_SUFFIX}`, 'utf8')) as { contentType?: unknown };
    return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
  } catch (error) {
    if (isMissing(error)) {
      return DEFAULT_CONTENT_TYPE;
    }
    throw error;
  }
}

/** Calls `visit` for every object file under `directory` (keys relative to the store). */
async function walk(
  directory: string,
  directoryKey: string,
  visit: (key: string, file: string) => Promise<void>,
): Promise<void> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error) || isNotDirectory(error)) {
      return;
    }
    throw error;
  }
  for (const entry of entries) {
    if (entry.name.includes('~')) {
      continue;
    }
    const key = directoryKey === '' ? entry.name : `${directoryKey}/${entry.name}`;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      await walk(path, key, visit);
    } else if (entry.isFile()) {
      await visit(key, path);
    }
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function isNotDirectory(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOTDIR';
}
