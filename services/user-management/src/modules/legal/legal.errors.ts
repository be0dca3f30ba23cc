/** The legal documents routes' errors (docs/api.md, "Legal documents"). */
import { defineError } from '@tessera/platform';

export const LegalVersionNotCurrentError = defineError(
  'LEGAL_VERSION_NOT_CURRENT',
  409,
  'This is not the current version of the document: reload it and accept the current one.',
);
