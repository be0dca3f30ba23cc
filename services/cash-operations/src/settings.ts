/**
 * The cash operations service's own settings (docs/operations.md, "Cash operations"), read through the platform's
 * config loader as a config section, so a bad value is reported like any other variable.
 */
import { z } from 'zod';
import { envInteger, type Environment, loadConfig } from '@tessera/platform';
import { CARD_CHALLENGE_TIMEOUT_SECONDS } from './modules/rails/rails.ts';

/** The variables and their defaults. */
export const cashOperationsEnvSchema = z.object({
  /**
   * Seconds a card deposit waits for its 3-D Secure answer before it expires (15 minutes by default, within card
   * schemes' authentication windows). Journeys shorten it to watch an abandoned challenge end.
   */
  CASH_CARD_CHALLENGE_TIMEOUT_S: envInteger(CARD_CHALLENGE_TIMEOUT_SECONDS, { min: 1, max: 3600 }),
});

/** The parsed settings: what they change of the rails' defaults (rails/rails.ts, RailsSettings). */
export interface CashOperationsSettings {
  readonly cardChallengeTimeoutSeconds: number;
}

/** Reads the settings from `env` (the process environment by default). @throws ConfigError */
export function loadCashOperationsSettings(env?: Environment): CashOperationsSettings {
  const section = loadConfig(env, { cashOperations: cashOperationsEnvSchema }).cashOperations;
  return { cardChallengeTimeoutSeconds: section.CASH_CARD_CHALLENGE_TIMEOUT_S };
}
