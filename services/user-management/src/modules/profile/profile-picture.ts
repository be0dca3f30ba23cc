/**
 * The profile picture: what it is is decided by its first bytes (the Content-Type is the sender's claim), then it
 * is decoded and re-encoded by sharp as a PROFILE_PICTURE_SIDE square WebP. Re-encoding keeps only the pixels: the
 * sender's EXIF (place, device, time), XMP and ICC metadata are not copied (sharp drops them unless asked to keep
 * them), and a file that merely starts like an image but does not decode is refused.
 */
import {
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_SIDE,
  PROFILE_PICTURE_STORED_TYPE,
} from '@tessera/contracts';
import sharp from 'sharp';
import { sniffImageType } from '../kyc/kyc-images.ts';
import {
  ProfilePictureTooLargeError,
  ProfilePictureTypeUnsupportedError,
  ProfilePictureUnreadableError,
} from './profile.errors.ts';

/** The largest decoded image accepted (pixels), against decompression bombs: 40 megapixels. */
export const PROFILE_PICTURE_MAX_PIXELS = 40_000_000;

/** The stored picture of `bytes`: a square WebP without metadata. @throws the PROFILE_PICTURE_* errors */
export async function preparePicture(bytes: Uint8Array): Promise<{ body: Buffer; contentType: string }> {
  if (bytes.length > PROFILE_PICTURE_MAX_BYTES) {
    throw new ProfilePictureTooLargeError(undefined, { maxBytes: PROFILE_PICTURE_MAX_BYTES });
  }
  if (sniffImageType(bytes) === null) {
    throw new ProfilePictureTypeUnsupportedError();
  }
  try {
    const body = await sharp(bytes, { limitInputPixels: PROFILE_PICTURE_MAX_PIXELS, failOn: 'error' })
      // The camera's orientation is applied to the pixels before the metadata that carried it is dropped.
      .rotate()
      .resize(PROFILE_PICTURE_SIDE, PROFILE_PICTURE_SIDE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
    return { body, contentType: PROFILE_PICTURE_STORED_TYPE };
  } catch {
    throw new ProfilePictureUnreadableError();
  }
}
