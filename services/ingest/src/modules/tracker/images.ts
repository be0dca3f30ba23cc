/**
 * Canvas snapshots (POST /v1/web/images): multipart 'snapshot' files, each checked by its first bytes (WebP, PNG,
 * JPEG) and size, stored in the object store under the session (`ingest/sessions/<id>/images/<name>`) and listed on
 * the session. Only sent when the project enables canvas recording (off by default).
 */
import { INGEST_IMAGE_SIZE_LIMIT } from '@tessera/contracts';
import { AppError, type ObjectStore, PayloadTooLargeError } from '@tessera/platform';
import type { FastifyRequest } from 'fastify';
import { TrackerImageInvalidError } from '../../errors.ts';
import type { IngestDatabase } from '../../tables.ts';
import type { TokenSession } from './tracker.service.ts';

export const IMAGE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The image type of `bytes` by its signature, or undefined. */
export function imageTypeOf(bytes: Uint8Array): string | undefined {
  const starts = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length &&
    signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return 'image/png';
  }
  if (starts([0xff, 0xd8, 0xff])) {
    return 'image/jpeg';
  }
  return undefined;
}

/** The object key of a session's snapshot. */
export function imageKey(sessionId: string, name: string): string {
  return `ingest/sessions/${sessionId}/images/${name}`;
}

export type ImageStore = ReturnType<typeof createImageStore>;

export function createImageStore(db: IngestDatabase, store: ObjectStore) {
  /** Reads the request's 'snapshot' files, checks them all, then stores them; returns the names stored. */
  async function receive(session: TokenSession, request: FastifyRequest): Promise<string[]> {
    const files: { name: string; type: string; bytes: Buffer }[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') {
          continue; // fields are ignored
        }
        if (part.fieldname !== 'snapshot') {
          await part.toBuffer();
          throw new TrackerImageInvalidError('Only "snapshot" files are accepted.');
        }
        const bytes = await part.toBuffer();
        const name = part.filename;
        if (!IMAGE_NAME_PATTERN.test(name)) {
          throw new TrackerImageInvalidError('The file name is not valid.');
        }
        const type = imageTypeOf(bytes);
        if (type === undefined) {
          throw new TrackerImageInvalidError('The file is not a WebP, PNG or JPEG image.');
        }
        files.push({ name, type, bytes });
      }
    } catch (error) {
      if (error instanceof AppError) {
        throw error;
      }
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
        throw new PayloadTooLargeError(undefined, { maxFileBytes: INGEST_IMAGE_SIZE_LIMIT });
      }
      throw new TrackerImageInvalidError('The body is not a valid multipart form.');
    }
    if (files.length === 0) {
      throw new TrackerImageInvalidError('No "snapshot" file was sent.');
    }
    if (session.assistOnly) {
      // An assist-only (doNotRecord) session keeps nothing it sends.
      return [];
    }
    for (const file of files) {
      const key = imageKey(session.id, file.name);
      await store.put(key, file.bytes, file.type);
      await db
        .insertInto('image')
        .values({
          session_id: session.id,
          name: file.name,
          size: file.bytes.length,
          content_type: file.type,
          object_key: key,
        })
        .onConflict((conflict) =>
          conflict
            .columns(['session_id', 'name'])
            .doUpdateSet({ size: file.bytes.length, content_type: file.type }),
        )
        .execute();
    }
    return files.map((file) => file.name);
  }

  return { receive, store };
}
