import { describe, expect, it } from 'vitest';
import { checkImage, imageTypeOf, KYC_IMAGE_MAX_BYTES } from './image-check.ts';

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0];
const WEBP = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50];
const PDF = [...'%PDF-1.7'].map((character) => character.charCodeAt(0));

describe('imageTypeOf', () => {
  it('knows JPEG, PNG and WebP by their first bytes, whatever the file is called', () => {
    expect(imageTypeOf(new Uint8Array(JPEG))).toBe('image/jpeg');
    expect(imageTypeOf(new Uint8Array(PNG))).toBe('image/png');
    expect(imageTypeOf(new Uint8Array(WEBP))).toBe('image/webp');
    expect(imageTypeOf(new Uint8Array(PDF))).toBeNull();
    expect(
      imageTypeOf(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x41, 0x56, 0x49, 0x20])),
    ).toBeNull();
  });
});

describe('checkImage', () => {
  it('accepts a JPEG and refuses a PDF named like a photo', async () => {
    expect(await checkImage(new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }))).toEqual({
      ok: true,
      type: 'image/jpeg',
    });
    expect(await checkImage(new Blob([new Uint8Array(PDF)], { type: 'image/jpeg' }))).toEqual({
      ok: false,
      code: 'KYC_DOCUMENT_TYPE_UNSUPPORTED',
    });
  });

  it('refuses an empty file and one over 8 MiB', async () => {
    expect(await checkImage(new Blob([]))).toEqual({ ok: false, code: 'KYC_DOCUMENT_TYPE_UNSUPPORTED' });
    const large = new Uint8Array(KYC_IMAGE_MAX_BYTES + 1);
    large.set(PNG);
    expect(await checkImage(new Blob([large]))).toEqual({ ok: false, code: 'KYC_DOCUMENT_TOO_LARGE' });
    const limit = new Uint8Array(KYC_IMAGE_MAX_BYTES);
    limit.set(PNG);
    expect(await checkImage(new Blob([limit]))).toEqual({ ok: true, type: 'image/png' });
  });
});
