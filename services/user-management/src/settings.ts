/**
 * The user-management service's own settings (docs/operations.md, "Identity verification"), read through the
 * platform's config loader as a config section, so a bad value is reported like any other variable.
 */
import { z } from 'zod';
import { envInteger, type Environment, loadConfig } from '@tessera/platform';

/** The variables and their defaults. */
export const userManagementEnvSchema = z.object({
  /**
   * Days the images of a decided (approved) application are kept after the decision, then deleted by the retention
   * job. Default 1825 (5 years: the AML directive's record keeping after the relationship's evidence was taken).
   */
  KYC_DOCUMENT_RETENTION_DAYS: envInteger(1825, { min: 1, max: 3650 }),
  /** Days the images of a rejected application are kept (sooner than approved ones: there is no relationship). */
  KYC_REJECTED_DOCUMENT_RETENTION_DAYS: envInteger(90, { min: 1, max: 3650 }),
  /**
   * Test servers only (the browser journeys' config sets it; never a demo or production one): the token of
   * POST /api/user-management/operator/kyc-level, which sets a customer's level without a review. Unset, the route
   * does not exist. At least 32 printable characters.
   */
  KYC_TEST_OPERATOR_TOKEN: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .max(256, { error: 'must be at most 256 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' })
    .optional(),
});

/** The parsed settings. */
export interface UserManagementSettings {
  readonly documentRetentionDays: number;
  readonly rejectedDocumentRetentionDays: number;
  readonly testOperatorToken: string | undefined;
}

/** Reads the settings from `env` (the process environment by default). @throws ConfigError */
export function loadUserManagementSettings(env?: Environment): UserManagementSettings {
  const section = loadConfig(env, { userManagement: userManagementEnvSchema }).userManagement;
  return {
    documentRetentionDays: section.KYC_DOCUMENT_RETENTION_DAYS,
    rejectedDocumentRetentionDays: section.KYC_REJECTED_DOCUMENT_RETENTION_DAYS,
    testOperatorToken: section.KYC_TEST_OPERATOR_TOKEN,
  };
}
