/**
 * The assistant's settings (docs/operations.md, "Assistant"), read through the platform's config loader as a config
 * section, so a bad value is reported like any other variable.
 */
import { envInteger, type Environment, loadConfig } from '@tessera/platform';
import { z } from 'zod';

export const assistantEnvSchema = z.object({
  /** Days a conversation is kept after its last message (1 to 365). */
  ASSISTANT_RETENTION_DAYS: envInteger(30, { min: 1, max: 365 }),
});

export interface AssistantSettings {
  readonly retentionDays: number;
}

/** Reads the settings from `env` (the process environment by default). @throws ConfigError */
export function loadAssistantSettings(env?: Environment): AssistantSettings {
  const section = loadConfig(env, { assistant: assistantEnvSchema }).assistant;
  return { retentionDays: section.ASSISTANT_RETENTION_DAYS };
}
