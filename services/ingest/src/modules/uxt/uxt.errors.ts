/** The usability tests' errors (docs/api.md, "Usability tests"; codes in packages/contracts UXT_ERROR_CODES). */
import { defineError } from '@tessera/platform';

export const UxtTestNotFoundError = defineError('UXT_TEST_NOT_FOUND', 404, 'No such usability test.');
export const UxtTestNotAvailableError = defineError(
  'UXT_TEST_NOT_AVAILABLE',
  409,
  'This usability test is not open to participants at the moment.',
);
export const UxtTestNotBegunError = defineError(
  'UXT_TEST_NOT_BEGUN',
  409,
  'This session has not begun this usability test.',
);
export const UxtTestFinishedError = defineError(
  'UXT_TEST_FINISHED',
  409,
  'This session has already finished this usability test.',
);
export const UxtTaskUnknownError = defineError('UXT_TASK_UNKNOWN', 400, 'This task is not part of the test.');
export const UxtSusNotAskedError = defineError(
  'UXT_SUS_NOT_ASKED',
  409,
  'This usability test does not ask the SUS questions.',
);
export const UxtUploadUrlInvalidError = defineError(
  'UXT_UPLOAD_URL_INVALID',
  403,
  'This upload address is not valid.',
);
export const UxtUploadUrlExpiredError = defineError(
  'UXT_UPLOAD_URL_EXPIRED',
  410,
  'This upload address has expired: ask for a new one.',
);
export const UxtUploadUrlUsedError = defineError(
  'UXT_UPLOAD_URL_USED',
  409,
  'This upload address has already been used: ask for a new one.',
);
export const UxtRecordingTypeError = defineError(
  'UXT_RECORDING_TYPE',
  415,
  'A recording must be sent as video/webm.',
);
export const UxtRecordingTooLargeError = defineError(
  'UXT_RECORDING_TOO_LARGE',
  413,
  'The recording is too large.',
);
export const UxtRecordingLimitError = defineError(
  'UXT_RECORDING_LIMIT',
  409,
  'This participant has sent as many recordings as a test takes.',
);
export const UxtRecordingNotFoundError = defineError('UXT_RECORDING_NOT_FOUND', 404, 'No such recording.');
export const UxtTestNotEditableError = defineError(
  'UXT_TEST_NOT_EDITABLE',
  409,
  'Only a draft usability test can be edited.',
);
export const UxtTestStatusConflictError = defineError(
  'UXT_TEST_STATUS_CONFLICT',
  409,
  'The usability test cannot move to this status from its current one.',
);
