/**
 * The assist service's settings (docs/operations.md, "Live assist"), read through the platform's config loader as
 * a config section, so a bad value is reported like any other variable.
 */
import { type AssistIceServer, assistIceServersSchema } from '@tessera/contracts';
import { envInteger, type Environment, loadConfig } from '@tessera/platform';
import { z } from 'zod';

/** ASSIST_ICE_SERVERS: a JSON array of RTCIceServer entries ({urls, username?, credential?}). */
const iceServersVariable = z
  .string()
  .default('[]')
  .transform((text, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of ICE servers' });
      return z.NEVER;
    }
    const result = assistIceServersSchema.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {urls, username?, credential?}' });
      return z.NEVER;
    }
    return result.data;
  });

/** The variables and their defaults. */
export const assistEnvSchema = z.object({
  ASSIST_ICE_SERVERS: iceServersVariable,
  /** Events (remote control, annotation, requests) one agent may send per second (more are refused and audited). */
  ASSIST_CONTROL_EVENTS_PER_SECOND: envInteger(100, { min: 1, max: 1000 }),
});

export interface AssistSettings {
  readonly iceServers: AssistIceServer[];
  readonly controlEventsPerSecond: number;
}

/** Reads the settings from `env` (the process environment by default). @throws ConfigError */
export function loadAssistSettings(env?: Environment): AssistSettings {
  const section = loadConfig(env, { assist: assistEnvSchema }).assist;
  return {
    iceServers: section.ASSIST_ICE_SERVERS,
    controlEventsPerSecond: section.ASSIST_CONTROL_EVENTS_PER_SECOND,
  };
}
