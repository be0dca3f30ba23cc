/**
 * The assist service's errors (docs/api.md, "Live assist"). It also answers the common codes of packages/platform
 * (VALIDATION_FAILED, UNAUTHENTICATED, FORBIDDEN, STAFF_REASON_REQUIRED, PAYLOAD_TOO_LARGE).
 */
import { defineError } from '@tessera/platform';

export const AssistRecordingTooLargeError = defineError(
  'ASSIST_RECORDING_TOO_LARGE',
  413,
  'The recording is too large.',
);
export const AssistRecordingInvalidError = defineError(
  'ASSIST_RECORDING_INVALID',
  400,
  'The recording must be a non-empty video/webm body.',
);
export const AssistRecordingNotFoundError = defineError(
  'ASSIST_RECORDING_NOT_FOUND',
  404,
  'No such recording for this session.',
);
export const AssistNotJoinedError = defineError(
  'ASSIST_NOT_JOINED',
  403,
  'Only an agent who joined this session may upload its recording.',
);
export const AssistRecordingNotConsentedError = defineError(
  'ASSIST_RECORDING_NOT_CONSENTED',
  403,
  'The customer has not allowed a recording by this agent, or its recording was already uploaded.',
);
export const AssistStatsRangeInvalidError = defineError(
  'ASSIST_STATS_RANGE_INVALID',
  400,
  'The range must have from before to, at most 366 days apart.',
);
