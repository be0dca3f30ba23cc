/**
 * The customer assistant (/assistant/, services/assistant, docs/api.md "Assistant",
 * docs/adr/0022-offline-assistant.md): what the web app sends, the answer, the error codes, and the in-process
 * clients the assistant reads through (help search) and hands over through (live assist).
 *
 * The assistant only reads. Every answer says where it comes from: the help articles it cites and each account
 * field it read (`facts`), so a customer can check it, and an agent who takes over sees the same.
 */
import { z } from 'zod';
import type { HelpArticleSummary, HelpLanguage, HelpSearchResponse } from './help.ts';
import { textSchema } from './text.ts';

/** Where the assistant API lives (the default SERVICE_URL_ASSISTANT). */
export const ASSISTANT_API_PREFIX = '/api/assistant';

/** The languages the assistant answers in (the help centre's). */
export const ASSISTANT_LANGUAGES = ['en', 'fr'] as const;
export type AssistantLanguage = (typeof ASSISTANT_LANGUAGES)[number];

/** The longest message a customer may send, in UTF-16 code units after trimming. */
export const ASSISTANT_MESSAGE_MAX_CHARS = 500;
/** Messages (the customer's and the assistant's) one conversation holds; then a new one is started. */
export const ASSISTANT_CONVERSATION_MESSAGES_MAX = 200;

/**
 * What the assistant understood:
 * - balances, recent_activity, order_status, kyc_status: read from the customer's own account;
 * - how_to: answered from the help centre;
 * - handover: the customer asked for a person;
 * - greeting: hello, thanks;
 * - out_of_domain: nothing Tessera can answer (below the confidence threshold), said plainly.
 */
export const ASSISTANT_INTENTS = [
  'balances',
  'recent_activity',
  'order_status',
  'kyc_status',
  'how_to',
  'handover',
  'greeting',
  'out_of_domain',
] as const;
export type AssistantIntent = (typeof ASSISTANT_INTENTS)[number];

/** POST /api/assistant/messages. */
export const assistantMessageRequestSchema = z
  .object({
    text: textSchema({ min: 1, max: ASSISTANT_MESSAGE_MAX_CHARS }),
    language: z.enum(ASSISTANT_LANGUAGES),
    /** The conversation to continue; absent: a new one. */
    conversationId: z.uuid().optional(),
    /** The tab's live tracker session (a handover is tied to it); absent when the tracker is not running. */
    trackerSessionId: z.uuid().optional(),
  })
  .strict();
export type AssistantMessageRequest = z.input<typeof assistantMessageRequestSchema>;

/** A help article an answer cites. */
export interface AssistantCitation {
  readonly articleId: number;
  readonly title: string;
  /** The article's path in the help centre, in the answer's language. */
  readonly link: string;
}

/** One account field an answer read. */
export interface AssistantFact {
  /** What it is, in the answer's language ("EUR current wallet: available balance"). */
  readonly label: string;
  /** A decimal string when `asset` is set (the web app formats it as the page it comes from does); text otherwise. */
  readonly value: string;
  /** The asset of an amount, null for text. */
  readonly asset: string | null;
  /** Where it was read, in the answer's language ("Wallets · available balance"). */
  readonly source: string;
}

/** A link into the app (a path of the web app). */
export interface AssistantLink {
  readonly label: string;
  readonly path: string;
}

/** One line of the transcript passed on to an agent. */
export interface AssistantTranscriptLine {
  readonly role: 'customer' | 'assistant';
  readonly text: string;
  readonly at: string;
}

/**
 * What became of a request for a person:
 * - requested: recorded with the tab's live session, an agent sees it in Live sessions and can join;
 * - unavailable: no live session to tie it to (Do Not Track, tracker off): the answer says how else to reach support.
 */
export interface AssistantHandover {
  readonly status: 'requested' | 'unavailable';
  /** What the agent receives (shown to the customer too): the intent before the request and the transcript. */
  readonly passedOn: {
    readonly intent: AssistantIntent | null;
    readonly transcript: AssistantTranscriptLine[];
  } | null;
}

/** The answer of POST /api/assistant/messages. */
export interface AssistantAnswer {
  readonly conversationId: string;
  readonly intent: AssistantIntent;
  readonly text: string;
  readonly citations: AssistantCitation[];
  readonly facts: AssistantFact[];
  readonly links: AssistantLink[];
  /** Questions the customer may ask next (chips). */
  readonly suggestions: string[];
  readonly handover: AssistantHandover | null;
  readonly createdAt: string;
}

/** The codes the assistant answers besides VALIDATION_FAILED and the sign-in codes (docs/api.md "Assistant"). */
export const ASSISTANT_ERROR_CODES = [
  'ASSISTANT_CONVERSATION_NOT_FOUND',
  'ASSISTANT_CONVERSATION_FULL',
  'ASSISTANT_RATE_LIMITED',
] as const;
export type AssistantErrorCode = (typeof ASSISTANT_ERROR_CODES)[number];

// --- In-process clients -----------------------------------------------------------------------------------------

/** What the help service offers in-process: its search, so the assistant never indexes the articles twice. */
export interface HelpSearchApi {
  /** The published articles of `language` matching `query`, best first (at most `limit`). */
  search(query: string, language: HelpLanguage, limit: number): Promise<HelpSearchResponse>;
  /** A published article's summary in `language`, or null. */
  article(id: number, language: HelpLanguage): Promise<HelpArticleSummary | null>;
}

/** `context.clients?.find(HELP_CLIENT)`: the help service's search. */
export const HELP_CLIENT: { readonly service: 'help'; readonly __client?: HelpSearchApi } = {
  service: 'help',
};

/** A customer's request for a person, tied to their live tracker session. */
export interface AssistHelpRequest {
  readonly sessionId: string;
  readonly customerId: string;
  readonly language: AssistantLanguage;
  readonly intent: AssistantIntent | null;
  readonly transcript: readonly AssistantTranscriptLine[];
}

/** What live assist offers in-process (services/assist). */
export interface AssistHelpApi {
  /**
   * Records the request when `sessionId` has a connected tab of `customerId` (and only then): 'recorded'; otherwise
   * 'no_live_session' and nothing is stored.
   */
  requestHelp(request: AssistHelpRequest): Promise<'recorded' | 'no_live_session'>;
}

/** `context.clients?.find(ASSIST_CLIENT)`: live assist's help requests. */
export const ASSIST_CLIENT: { readonly service: 'assist'; readonly __client?: AssistHelpApi } = {
  service: 'assist',
};
