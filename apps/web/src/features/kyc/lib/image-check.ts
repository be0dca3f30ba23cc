/**
 * The photos of a document and the selfie, checked in the browser before upload with the server's own rules
 * (user management: JPEG, PNG or WebP by their first bytes, at most 8 MiB; `KYC_DOCUMENT_TYPE_UNSUPPORTED`,
 * `KYC_DOCUMENT_TOO_LARGE`), so a PDF or a 20 MB photo is refused at once with the reason, not after the upload.
 */

/** The largest photo the server keeps (8 MiB). */
export const KYC_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** The types the server accepts, as the file input's `accept`. */
export const KYC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type KycImageType = (typeof KYC_IMAGE_TYPES)[number];

/** The bytes a photo starts with, per type. */
export function imageTypeOf(head: Uint8Array): KycImageType | null {
  const starts = (bytes: readonly number[], offset = 0) =>
    bytes.every((byte, index) => head[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) {
    return 'image/jpeg';
  }
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return 'image/png';
  }
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** Why a photo is refused, as the server's code (errors.json `api`). */
export type ImageRejection =
  'KYC_DOCUMENT_TYPE_UNSUPPORTED' | 'KYC_DOCUMENT_TOO_LARGE' | 'KYC_DOCUMENT_EMPTY';

/** The photo's type when it may be sent, or why not. */
export async function checkImage(
  file: Blob,
): Promise<{ ok: true; type: KycImageType } | { ok: false; code: ImageRejection }> {
  const type = imageTypeOf(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type) {
    return { ok: false, code: 'KYC_DOCUMENT_TYPE_UNSUPPORTED' };
  }
  if (file.size > KYC_IMAGE_MAX_BYTES) {
    return { ok: false, code: 'KYC_DOCUMENT_TOO_LARGE' };
  }
  return { ok: true, type };
}
