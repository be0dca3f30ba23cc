/**
 * The customer assistant as the server mounts it (docs/adr/0022-offline-assistant.md): POST /api/assistant/messages,
 * answered offline by an intent classifier over Tessera's own utterances (modules/intents), the help service's
 * search and the read methods of the other services' clients (modules/answers); conversations kept for
 * ASSISTANT_RETENTION_DAYS (modules/conversations); each customer's messages limited per minute and per day
 * (modules/limits).
 */
import { ASSISTANT_API_PREFIX } from '@tessera/contracts';
import { defineService } from '@tessera/platform';
import { migration as assistantTables } from '../migrations/0001-assistant.ts';
import { migration as messageAllowance } from '../migrations/0002-message-allowance.ts';
import { createIntentClassifier } from './modules/intents/intent-classifier.ts';
import { messagesRoutes } from './modules/conversations/messages.routes.ts';
import { type AssistantSettings, loadAssistantSettings } from './settings.ts';
import { ASSISTANT_SCHEMA, type AssistantDatabase } from './tables.ts';

/** What a test may set: a clock and the settings. */
export interface AssistantServiceOptions {
  readonly now?: () => Date;
  readonly settings?: Partial<AssistantSettings>;
}

/** Builds the service definition. */
export function createAssistantService(options: AssistantServiceOptions = {}) {
  return defineService({
    name: 'assistant',
    schema: ASSISTANT_SCHEMA,
    prefix: ASSISTANT_API_PREFIX,
    migrations: { '0001-assistant': assistantTables, '0002-message-allowance': messageAllowance },
    async plugin(app, { context }) {
      const settings = { ...loadAssistantSettings(), ...options.settings };
      await app.register(messagesRoutes, {
        context,
        db: context.db as AssistantDatabase,
        classifier: createIntentClassifier(),
        retentionDays: settings.retentionDays,
        limits: { perMinute: settings.messagesPerMinute, perDay: settings.messagesPerDay },
        now: options.now ?? (() => new Date()),
      });
    },
  });
}

/** The assistant service. */
export const assistantService = createAssistantService();
