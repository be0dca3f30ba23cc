import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { createObjectStore, loadObjectStoreSettings } from './object-store-config.ts';
import { createFilesystemObjectStore, ObjectKeyError, type ObjectStore } from './object-store.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (body: Uint8Array) => new TextDecoder().decode(body);

let root: string;
let store: ObjectStore;

function freshStore(): ObjectStore {
  root = mkdtempSync(join(tmpdir(), 'object-store-test-'));
  store = createFilesystemObjectStore(join(root, 'objects'));
  return store;
}

afterEach(() => {
  root = '';
});

describe('filesystem object store', () => {
  it('stores, reads back with the content type, replaces and deletes an object', async () => {
    freshStore();
    await store.put('kyc/user-1/app-1/front', bytes('first'), 'image/png');
    expect(await store.get('kyc/user-1/app-1/front')).toMatchObject({
      key: 'kyc/user-1/app-1/front',
      contentType: 'image/png',
      size: 5,
    });
    await store.put('kyc/user-1/app-1/front', bytes('second!'), 'image/jpeg');
    const replaced = await store.get('kyc/user-1/app-1/front');
    expect(replaced && text(replaced.body)).toBe('second!');
    expect(replaced?.contentType).toBe('image/jpeg');
    await store.delete('kyc/user-1/app-1/front');
    expect(await store.get('kyc/user-1/app-1/front')).toBeNull();
    // Deleting again is not an error (a retention job may run twice).
    await expect(store.delete('kyc/user-1/app-1/front')).resolves.toBeUndefined();
  });

  it('answers null for a key never stored', async () => {
    freshStore();
    expect(await store.get('nothing/here')).toBeNull();
  });

  it('lists by prefix in key order, bounded, without its metadata or temporary files', async () => {
    freshStore();
    await store.put('kyc/user-1/app-1/front', bytes('a'), 'image/png');
    await store.put('kyc/user-1/app-1/back', bytes('bb'), 'image/png');
    await store.put('kyc/user-1/app-2/selfie', bytes('ccc'), 'image/webp');
    await store.put('kyc/user-10/app-3/front', bytes('d'), 'image/png');
    await store.put('avatars/user-1', bytes('e'), 'image/png');
    expect(await store.list('kyc/user-1/')).toEqual([
      { key: 'kyc/user-1/app-1/back', size: 2 },
      { key: 'kyc/user-1/app-1/front', size: 1 },
      { key: 'kyc/user-1/app-2/selfie', size: 3 },
    ]);
    // A prefix that is not a whole segment matches as a string prefix, as S3's does.
    expect((await store.list('kyc/user-1')).map((item) => item.key)).toHaveLength(4);
    expect(await store.list('kyc/user-1/', { limit: 1 })).toEqual([
      { key: 'kyc/user-1/app-1/back', size: 2 },
    ]);
    expect((await store.list('')).map((item) => item.key)).toContain('avatars/user-1');
    expect(await store.list('kyc/nobody/')).toEqual([]);
  });

  it('refuses keys that could leave its directory, before touching the disk', async () => {
    freshStore();
    writeFileSync(join(root, 'secret'), 'outside');
    const hostile = [
      '../secret',
      'kyc/../../secret',
      '/etc/passwd',
      'kyc//front',
      'kyc/./front',
      'kyc/..',
      '..',
      'kyc\\..\\secret',
      'kyc/front\u0000',
      '%2e%2e/secret',
      'kyc/~meta.json',
      '',
      'a'.repeat(513),
    ];
    for (const key of hostile) {
      await expect(store.get(key), key).rejects.toBeInstanceOf(ObjectKeyError);
      await expect(store.put(key, bytes('x'), 'text/plain'), key).rejects.toBeInstanceOf(ObjectKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(ObjectKeyError);
    }
    await expect(store.list('../')).rejects.toBeInstanceOf(ObjectKeyError);
    await expect(store.list('/etc/')).rejects.toBeInstanceOf(ObjectKeyError);
    // Nothing was written anywhere, and the file outside is untouched.
    expect(readdirSync(root)).toEqual(['secret']);
  });

  it('keeps its files readable by the server user only', async () => {
    freshStore();
    await store.put('kyc/user-1/front', bytes('a'), 'image/png');
    expect(statSync(join(root, 'objects', 'kyc', 'user-1', 'front')).mode & 0o077).toBe(0);
  });
});

describe('object store settings', () => {
  it('defaults to the filesystem under DATA_DIR/objects', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'object-store-data-'));
    const settings = loadObjectStoreSettings({});
    expect(settings.OBJECT_STORE).toBe('fs');
    const fromSettings = await createObjectStore(settings, dataDir);
    await fromSettings.put('a/b', bytes('x'), 'text/plain');
    expect(readdirSync(join(dataDir, 'objects'))).toEqual(['a']);
  });

  it('requires a bucket for s3 and both keys or neither', async () => {
    expect(() => loadObjectStoreSettings({ OBJECT_STORE: 's3' })).toThrow(ConfigError);
    expect(() =>
      loadObjectStoreSettings({ OBJECT_STORE: 's3', S3_BUCKET: 'kyc-documents', S3_ACCESS_KEY_ID: 'AKIA' }),
    ).toThrow(/go together/);
    expect(() => loadObjectStoreSettings({ OBJECT_STORE: 'ftp' })).toThrow(ConfigError);
    const s3 = loadObjectStoreSettings({
      OBJECT_STORE: 's3',
      S3_BUCKET: 'kyc-documents',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
    });
    expect(s3.S3_ENDPOINT).toBe('http://127.0.0.1:9000');
    expect(await createObjectStore(s3, 'memory://')).toHaveProperty('put');
  });
});
