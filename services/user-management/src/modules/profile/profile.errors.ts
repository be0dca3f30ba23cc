/** The account profile routes' errors (ACCOUNT_PROFILE_ERROR_CODES of @tessera/contracts, docs/api.md "Account profile"). */
import { defineError } from '@tessera/platform';

export const ProfilePictureTooLargeError = defineError(
  'PROFILE_PICTURE_TOO_LARGE',
  413,
  'The picture is larger than 5 MiB.',
);
export const ProfilePictureTypeUnsupportedError = defineError(
  'PROFILE_PICTURE_TYPE_UNSUPPORTED',
  415,
  'Send a JPEG, PNG or WebP image.',
);
export const ProfilePictureUnreadableError = defineError(
  'PROFILE_PICTURE_UNREADABLE',
  422,
  'The picture cannot be read as an image.',
);
export const ProfilePictureNotFoundError = defineError(
  'PROFILE_PICTURE_NOT_FOUND',
  404,
  'There is no profile picture.',
);
