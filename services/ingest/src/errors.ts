/**
 * The ingest's errors (docs/api.md, "Session tracking (services/ingest)"). It also answers the common codes of
 * packages/platform (VALIDATION_FAILED, UNAUTHENTICATED, FORBIDDEN, STAFF_REASON_REQUIRED, PAYLOAD_TOO_LARGE).
 */
import { defineError } from '@tessera/platform';

export const TrackerProjectUnknownError = defineError(
  'TRACKER_PROJECT_UNKNOWN',
  404,
  'This project is not known to the ingest.',
);
export const TrackerVersionUnsupportedError = defineError(
  'TRACKER_VERSION_UNSUPPORTED',
  400,
  'This tracker version is too old.',
);
export const TrackerUserMismatchError = defineError(
  'TRACKER_USER_MISMATCH',
  400,
  'The user id needs a matching customer access token.',
);
export const TrackerTokenInvalidError = defineError(
  'TRACKER_TOKEN_INVALID',
  401,
  'The session token is unknown or expired: start a new session.',
);
export const TrackerBatchInvalidError = defineError('TRACKER_BATCH_INVALID', 400, 'The batch is not valid.');
export const TrackerBatchTooLargeError = defineError(
  'TRACKER_BATCH_TOO_LARGE',
  413,
  'The batch is too large.',
);
export const TrackerBatchEncodingError = defineError(
  'TRACKER_BATCH_ENCODING',
  400,
  'The batch encoding is not supported or the data is corrupt.',
);
export const TrackerBatchMismatchError = defineError(
  'TRACKER_BATCH_MISMATCH',
  400,
  'The batch does not belong to this session or page.',
);
export const TrackerImageInvalidError = defineError('TRACKER_IMAGE_INVALID', 400, 'The image is not valid.');
export const TrackerRateLimitedError = defineError(
  'TRACKER_RATE_LIMITED',
  429,
  'Too many tracker requests. Try again later.',
);
export const ReplaySessionNotFoundError = defineError(
  'REPLAY_SESSION_NOT_FOUND',
  404,
  'No such recorded session.',
);
export const ReplayImageNotFoundError = defineError(
  'REPLAY_IMAGE_NOT_FOUND',
  404,
  'No such snapshot in this session.',
);
