/**
 * Reading a batch body: gunzip with a hard output cap (a gzip bomb is refused, never inflated past
 * INGEST_DECOMPRESSED_BATCH_LIMIT: zlib stops at `maxOutputLength`), then UTF-8 JSON, then the envelope's schema.
 */
import { gunzipSync } from 'node:zlib';
import { INGEST_DECOMPRESSED_BATCH_LIMIT, type TrackerBatch, trackerBatchSchema } from '@tessera/contracts';
import { toValidationIssues } from '@tessera/platform';
import {
  TrackerBatchEncodingError,
  TrackerBatchInvalidError,
  TrackerBatchTooLargeError,
} from '../../errors.ts';

const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** The decompressed bytes of a batch body as sent with `Content-Encoding` (none, identity or gzip). */
export function decodeBatchBytes(
  body: Buffer,
  contentEncoding: string | undefined,
  limit = INGEST_DECOMPRESSED_BATCH_LIMIT,
): Buffer {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') {
    if (body.length > limit) {
      throw new TrackerBatchTooLargeError(undefined, { maxBytes: limit });
    }
    return body;
  }
  if (encoding !== 'gzip') {
    throw new TrackerBatchEncodingError(undefined, { contentEncoding: encoding.slice(0, 40) });
  }
  if (body.length < 2 || body[0] !== GZIP_MAGIC[0] || body[1] !== GZIP_MAGIC[1]) {
    throw new TrackerBatchEncodingError('The body is not gzip data.');
  }
  try {
    return gunzipSync(body, { maxOutputLength: limit });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new TrackerBatchTooLargeError('The batch is too large once decompressed.', {
        maxDecompressedBytes: limit,
      });
    }
    throw new TrackerBatchEncodingError('The gzip data is corrupt.');
  }
}

/** Parses decompressed bytes as a batch envelope; TRACKER_BATCH_INVALID with the issues otherwise. */
export function parseBatch(bytes: Buffer): TrackerBatch {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new TrackerBatchInvalidError('The batch is not UTF-8 JSON.');
  }
  const parsed = trackerBatchSchema.safeParse(value);
  if (!parsed.success) {
    throw new TrackerBatchInvalidError(undefined, { issues: toValidationIssues(parsed.error).slice(0, 10) });
  }
  return parsed.data as TrackerBatch;
}
