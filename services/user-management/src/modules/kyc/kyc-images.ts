/**
 * What an uploaded image is, by its first bytes (the Content-Type header is the sender's claim; the bytes are the
 * fact). JPEG starts FF D8 FF; PNG with its 8-byte signature; WebP is a RIFF container whose form type is WEBP.
 */
import type { KycFileContentType } from '@tessera/contracts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  return (
    bytes.length >= offset + expected.length &&
    expected.every((byte, index) => bytes[offset + index] === byte)
  );
}

const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** The image type of `bytes`, or null when they are no JPEG, PNG or WebP. */
export function sniffImageType(bytes: Uint8Array): KycFileContentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    return 'image/jpeg';
  }
  if (startsWith(bytes, PNG_SIGNATURE)) {
    return 'image/png';
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8) && bytes.length >= 16) {
    return 'image/webp';
  }
  return null;
}
