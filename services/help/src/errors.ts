/**
 * The help service's errors. It uses the common codes (VALIDATION_FAILED, NOT_FOUND, RATE_LIMITED) of
 * packages/platform; nothing here needs a code of its own. Listed in docs/api.md under "Help".
 */
export { NotFoundError, RateLimitedError, ValidationFailedError } from '@tessera/platform';
