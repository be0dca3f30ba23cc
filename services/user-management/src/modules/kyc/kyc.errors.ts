/**
 * The KYC routes' errors (KYC_ERROR_CODES of @tessera/contracts, docs/api.md "Identity verification"). Each code
 * is defined once here and mapped to its status by the platform's error handler.
 */
import { defineError } from '@tessera/platform';

export const KycDocumentTooLargeError = defineError(
  'KYC_DOCUMENT_TOO_LARGE',
  413,
  'The image is larger than 8 MiB.',
);
export const KycDocumentTypeUnsupportedError = defineError(
  'KYC_DOCUMENT_TYPE_UNSUPPORTED',
  415,
  'Send a JPEG, PNG or WebP image.',
);
export const KycApplicationIncompleteError = defineError(
  'KYC_APPLICATION_INCOMPLETE',
  422,
  'Some parts of the application are missing.',
);
export const KycApplicationLockedError = defineError(
  'KYC_APPLICATION_LOCKED',
  409,
  'The application cannot change while it is reviewed or once it is approved.',
);
export const KycMrzInvalidError = defineError(
  'KYC_MRZ_INVALID',
  422,
  "The document's machine-readable zone is unreadable or a check digit is wrong.",
);
export const KycMrzMismatchError = defineError(
  'KYC_MRZ_MISMATCH',
  422,
  "The document's machine-readable zone does not match the details given.",
);
export const KycUnderageError = defineError('KYC_UNDERAGE', 422, 'Customers must be at least 18 years old.');
export const KycDocumentExpiredError = defineError('KYC_DOCUMENT_EXPIRED', 422, 'The document has expired.');
export const KycTargetLevelInvalidError = defineError(
  'KYC_TARGET_LEVEL_INVALID',
  409,
  'This verification level cannot be applied for now.',
);
export const KycCaseNotFoundError = defineError('KYC_CASE_NOT_FOUND', 404, 'No such verification case.');
export const KycFileNotFoundError = defineError('KYC_FILE_NOT_FOUND', 404, 'The case has no such file.');
export const KycCaseNotOpenError = defineError(
  'KYC_CASE_NOT_OPEN',
  409,
  'The case is not waiting for a review.',
);
export const KycSecondReviewerRequiredError = defineError(
  'KYC_SECOND_REVIEWER_REQUIRED',
  409,
  'A second, different reviewer must approve this level 3 case.',
);
export const KycReviewerRequiredError = defineError(
  'KYC_REVIEWER_REQUIRED',
  403,
  'Only a KYC reviewer or an admin may do this.',
);
