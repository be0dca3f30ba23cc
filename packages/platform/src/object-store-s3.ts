/**
 * The S3-compatible adapter of the object store (object-store.ts): AWS S3, or any service speaking its API (MinIO,
 * Scaleway, OVH...) through S3_ENDPOINT with path-style addressing. Objects are private: no ACL is ever set, so the
 * bucket's own policy (which must block public access, docs/operations.md "Object store") applies, and no presigned
 * URL is handed out: bytes go through the service that checked who asks.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertObjectKey,
  assertObjectPrefix,
  DEFAULT_CONTENT_TYPE,
  listLimit,
  type ObjectInfo,
  type ObjectStore,
} from './object-store.ts';

/** What the S3 adapter needs (object-store-config.ts reads it from the environment). */
export interface S3ObjectStoreOptions {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible endpoint (MinIO...); unset means AWS. Path-style addressing is used when set. */
  readonly endpoint?: string;
  /** Static keys; unset means the SDK's default chain (instance role, AWS_* variables). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
  /** Every key is stored under this prefix (`tessera/` to share a bucket); default none. */
  readonly keyPrefix?: string;
}

/** The adapter over one bucket. `client` is for tests (a client pointed at a local S3-compatible server). */
export function createS3ObjectStore(options: S3ObjectStoreOptions, client?: S3Client): ObjectStore {
  const s3 =
    client ??
    new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      ...(options.credentials ? { credentials: { ...options.credentials } } : {}),
      // Bounded retries: a stuck store fails the request instead of holding it.
      maxAttempts: 3,
    });
  const bucket = options.bucket;
  const prefix = options.keyPrefix ?? '';
  const toS3 = (key: string) => `${prefix}${key}`;

  return {
    async put(key, body, contentType) {
      assertObjectKey(key);
      await s3.send(
        new PutObjectCommand({ Bucket: bucket, Key: toS3(key), Body: body, ContentType: contentType }),
      );
    },

    async get(key) {
      assertObjectKey(key);
      try {
        const answer = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: toS3(key) }));
        const body = answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
        return { key, contentType: answer.ContentType ?? DEFAULT_CONTENT_TYPE, size: body.byteLength, body };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
          return null;
        }
        throw error;
      }
    },

    async delete(key) {
      assertObjectKey(key);
      // S3 answers success for a missing key: idempotent as the interface asks.
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: toS3(key) }));
    },

    async list(keyPrefix, listOptions) {
      assertObjectPrefix(keyPrefix);
      const limit = listLimit(listOptions?.limit);
      const found: ObjectInfo[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: toS3(keyPrefix),
            ContinuationToken: token,
            MaxKeys: Math.min(1000, limit - found.length),
          }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key !== undefined && found.length < limit) {
            found.push({ key: item.Key.slice(prefix.length), size: item.Size ?? 0 });
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined && found.length < limit);
      return found;
    },
  };
}
