/**
 * The assistant's settings (docs/operations.md, "Assistant"), read through the platform's config loader as a config
 * section, so a bad value is reported like any other variable.
 */
import { envInteger, type Environment, loadConfig } from '@tessera/platform';
import { z } from 'zod';

export const assistantEnvSchema = z.object({
  /** Days a conversation is kept after its last message (1 to 365). */
  ASSISTANT_RETENTION_DAYS: envInteger(30, { min: 1, max: 365 }),
  /** Messages one customer may send in a minute (1 to 1000); more are ASSISTANT_RATE_LIMITED. */
  ASSISTANT_MESSAGES_PER_MINUTE: envInteger(20, { min: 1, max: 1000 }),
  /** Messages one customer may send in a day (1 to 100000); more are ASSISTANT_RATE_LIMITED. */
  ASSISTANT_MESSAGES_PER_DAY: envInteger(200, { min: 1, max: 100_000 }),
});

export interface AssistantSettings {
  readonly retentionDays: number;
  readonly messagesPerMinute: number;
  readonly messagesPerDay: number;
}

/** Reads the settings from `env` (the process environment by default). @throws ConfigError */
export function loadAssistantSettings(env?: Environment): AssistantSettings {
  const section = loadConfig(env, { assistant: assistantEnvSchema }).assistant;
  return {
    retentionDays: section.ASSISTANT_RETENTION_DAYS,
    messagesPerMinute: section.ASSISTANT_MESSAGES_PER_MINUTE,
    messagesPerDay: section.ASSISTANT_MESSAGES_PER_DAY,
  };
}
