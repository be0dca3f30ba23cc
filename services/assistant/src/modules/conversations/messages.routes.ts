/**
 * POST /api/assistant/messages (docs/api.md "Assistant"): the signed-in customer's question, answered from their
 * own account (read only) and the help centre, kept in the conversation. The owner only: no delegate or API key
 * reaches it (nothing declared to requireSignIn), since the conversation and a handover speak for the customer.
 */
import {
  ASSIST_CLIENT,
  ASSISTANT_CONVERSATION_MESSAGES_MAX,
  type AssistantAnswer,
  type AssistantHandover,
  type AssistantIntent,
  type AssistantLanguage,
  assistantMessageRequestSchema,
  CASH_OPERATIONS_CLIENT,
  HELP_CLIENT,
  TRADING_CLIENT,
  USER_MANAGEMENT_CLIENT,
} from '@tessera/contracts';
import { principalOf, requireSignIn, type ServiceContext, type ServiceRoutes } from '@tessera/platform';
import { z } from 'zod';
import { ConversationFullError, ConversationNotFoundError } from '../../errors.ts';
import type { AssistantDatabase } from '../../tables.ts';
import {
  type AnswerDraft,
  type AnswerSources,
  answerFor,
  citationOf,
  SUPPORT_ARTICLE_ID,
  suggestionsAfter,
} from '../answers/answers.service.ts';
import { PHRASES } from '../answers/phrases.ts';
import type { IntentClassifier } from '../intents/intent-classifier.ts';
import {
  deleteEndedAllowances,
  type MessageLimits,
  takeMessageAllowance,
} from '../limits/message-allowance.ts';
import {
  appendExchange,
  type ConversationRow,
  createConversation,
  deleteConversationsBefore,
  findConversation,
  transcriptOf,
} from './conversations.repository.ts';

/** No body reads as an empty one, so its missing fields are named. */
const messageBodySchema = z.preprocess((body) => body ?? {}, assistantMessageRequestSchema);

const answerSchema = z.object({
  conversationId: z.string(),
  intent: z.string(),
  text: z.string(),
  citations: z.array(z.object({ articleId: z.number(), title: z.string(), link: z.string() })),
  facts: z.array(
    z.object({ label: z.string(), value: z.string(), asset: z.string().nullable(), source: z.string() }),
  ),
  links: z.array(z.object({ label: z.string(), path: z.string() })),
  suggestions: z.array(z.string()),
  handover: z
    .object({
      status: z.enum(['requested', 'unavailable']),
      passedOn: z
        .object({
          intent: z.string().nullable(),
          transcript: z.array(
            z.object({ role: z.enum(['customer', 'assistant']), text: z.string(), at: z.string() }),
          ),
        })
        .nullable(),
    })
    .nullable(),
  createdAt: z.string(),
});

export interface MessagesRoutesOptions {
  readonly [key: string]: unknown;
  readonly context: ServiceContext;
  readonly db: AssistantDatabase;
  readonly classifier: IntentClassifier;
  readonly retentionDays: number;
  readonly limits: MessageLimits;
  readonly now: () => Date;
}

const DAY_MS = 24 * 3600 * 1000;
/** The latest lines of a conversation passed on to an agent. */
export const TRANSCRIPT_LINES_MAX = 40;

function sourcesOf(context: ServiceContext): AnswerSources {
  return {
    help: context.clients?.find(HELP_CLIENT),
    cash: context.clients?.find(CASH_OPERATIONS_CLIENT),
    trading: context.clients?.find(TRADING_CLIENT),
    customers: context.clients?.find(USER_MANAGEMENT_CLIENT),
  };
}

/**
 * The customer asked for a person: the request, with the intent before it and the transcript including this
 * message, goes to live assist tied to the tab's tracker session; without a live session it cannot, and the answer
 * cites the article that says how else to reach support.
 */
async function handOver(
  options: MessagesRoutesOptions,
  request: {
    userId: string;
    language: AssistantLanguage;
    question: string;
    conversation: ConversationRow;
    trackerSessionId: string | undefined;
    now: Date;
  },
): Promise<{ draft: AnswerDraft; handover: AssistantHandover }> {
  const phrases = PHRASES[request.language];
  const suggestions = suggestionsAfter('handover', phrases);
  const transcript = [
    ...(await transcriptOf(options.db, request.conversation.id)),
    { role: 'customer' as const, text: request.question, at: request.now.toISOString() },
  ].slice(-TRANSCRIPT_LINES_MAX);
  const passedOn = { intent: request.conversation.lastIntent, transcript };
  const assist = options.context.clients?.find(ASSIST_CLIENT);
  const outcome =
    assist && request.trackerSessionId
      ? await assist.requestHelp({
          sessionId: request.trackerSessionId,
          customerId: request.userId,
          language: request.language,
          ...passedOn,
        })
      : 'no_live_session';
  if (outcome === 'recorded') {
    return {
      draft: { text: phrases.handover.requested, citations: [], facts: [], links: [], suggestions },
      handover: { status: 'requested', passedOn },
    };
  }
  const article = await options.context.clients
    ?.find(HELP_CLIENT)
    ?.article(SUPPORT_ARTICLE_ID, request.language);
  return {
    draft: {
      text: phrases.handover.unavailable,
      citations: article ? [citationOf(article, request.language)] : [],
      facts: [],
      links: [],
      suggestions,
    },
    handover: { status: 'unavailable', passedOn: null },
  };
}

export const messagesRoutes: ServiceRoutes<MessagesRoutesOptions> = async (app, options) => {
  const { context, db, classifier, retentionDays, limits, now } = options;
  requireSignIn(app, context.auth);

  app.post(
    '/messages',
    {
      schema: {
        summary: "Answers the signed-in customer's message",
        description:
          'Classifies `text` (en or fr) offline, answers from the customer’s own account (read only: balances, ' +
          'recent activity, orders, verification) or the help centre, with the articles cited and each account ' +
          'field read; a request for a person is passed to live assist with the transcript. Starts a conversation ' +
          'without `conversationId`; ASSISTANT_CONVERSATION_NOT_FOUND for an unknown or foreign one, ' +
          'ASSISTANT_CONVERSATION_FULL after 200 messages; ASSISTANT_RATE_LIMITED (429, Retry-After) past the ' +
          'customer’s messages per minute or per day, with nothing read or stored.',
        body: messageBodySchema,
        response: { 200: answerSchema },
      },
    },
    async (request): Promise<AssistantAnswer> => {
      const { userId } = principalOf(request);
      const { text, language, conversationId, trackerSessionId } = request.body;
      const at = now();
      // First: a customer over their limit makes the assistant read and write nothing (the refusal is not counted).
      await takeMessageAllowance(db, userId, limits, at);
      let conversation: ConversationRow;
      if (conversationId) {
        const found = await findConversation(db, userId, conversationId);
        if (!found) {
          throw new ConversationNotFoundError(undefined, { conversationId });
        }
        conversation = found;
        if (conversation.messageCount > ASSISTANT_CONVERSATION_MESSAGES_MAX - 2) {
          throw new ConversationFullError(undefined, { conversationId });
        }
      } else {
        // A new conversation is the moment to forget the ones past their retention (bounded by the index).
        await deleteConversationsBefore(db, new Date(at.getTime() - retentionDays * DAY_MS));
        await deleteEndedAllowances(db, at);
        conversation = await createConversation(db, userId, language, at);
      }
      const { intent } = classifier.classify(text, language);
      let answer: AnswerDraft;
      let handover: AssistantHandover | null = null;
      if (intent === 'handover') {
        ({ draft: answer, handover } = await handOver(options, {
          userId,
          language,
          question: text,
          conversation,
          trackerSessionId,
          now: at,
        }));
      } else {
        answer = await answerFor(intent, { userId, language, question: text, sources: sourcesOf(context) });
      }
      const stored = await appendExchange(db, conversation, {
        question: text,
        answer: answer.text,
        intent: intent satisfies AssistantIntent,
        now: at,
      });
      if (!stored) {
        throw new ConversationFullError(undefined, { conversationId: conversation.id });
      }
      return { conversationId: conversation.id, intent, ...answer, handover, createdAt: at.toISOString() };
    },
  );
};
