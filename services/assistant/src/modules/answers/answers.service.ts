/**
 * The answers: for each intent, what is read and how it is said. Account data comes only through the read methods
 * of the other services' in-process clients, always for the signed-in customer's own user id (the route passes the
 * principal's, never an id from the request); nothing here writes anywhere but the assistant's own tables. Each
 * fact names the field it was read from, and each how-to answer cites its help articles.
 */
import {
  type AssistantCitation,
  type AssistantFact,
  type AssistantIntent,
  type AssistantLanguage,
  type AssistantLink,
  type CashOperationsApi,
  type HelpArticleSummary,
  type HelpSearchApi,
  helpArticlePath,
  localizedPath,
  type TradingApi,
  type UserManagementApi,
} from '@tessera/contracts';
import { searchQueryOf } from '../intents/intent-classifier.ts';
import { PHRASES, type Phrases } from './phrases.ts';

/** The help article that says how to reach support (cited when no agent can be reached from the page). */
export const SUPPORT_ARTICLE_ID = 1301;
/** Most wallets, activity items and orders an answer lists. */
export const FACTS_MAX = 10;
/** Most activity items and orders an answer reads. */
const RECENT_MAX = 5;
/** Most help articles an answer cites. */
const CITATIONS_MAX = 3;

/** The clients an answer may read through (absent when their service is not mounted in this process). */
export interface AnswerSources {
  readonly help: HelpSearchApi | undefined;
  readonly cash: CashOperationsApi | undefined;
  readonly trading: TradingApi | undefined;
  readonly customers: UserManagementApi | undefined;
}

/** An answer before it is stored (the handover part is added by the caller). */
export interface AnswerDraft {
  readonly text: string;
  readonly citations: AssistantCitation[];
  readonly facts: AssistantFact[];
  readonly links: AssistantLink[];
  readonly suggestions: string[];
}

interface AnswerInput {
  readonly userId: string;
  readonly language: AssistantLanguage;
  readonly question: string;
  readonly sources: AnswerSources;
}

function draft(text: string, parts: Partial<Omit<AnswerDraft, 'text'>> = {}): AnswerDraft {
  return { text, citations: [], facts: [], links: [], suggestions: [], ...parts };
}

/** The chips offered after an answer of `intent`: the other things the assistant can do. */
export function suggestionsAfter(intent: AssistantIntent, phrases: Phrases): string[] {
  const all: [AssistantIntent, string][] = [
    ['balances', phrases.suggestions.balances],
    ['recent_activity', phrases.suggestions.activity],
    ['order_status', phrases.suggestions.orders],
    ['kyc_status', phrases.suggestions.kyc],
    ['how_to', phrases.suggestions.howTo],
    ['handover', phrases.suggestions.handover],
  ];
  return all.filter(([candidate]) => candidate !== intent).map(([, text]) => text);
}

/** A help article as a citation in `language`. */
export function citationOf(article: HelpArticleSummary, language: AssistantLanguage): AssistantCitation {
  return {
    articleId: article.id,
    title: article.title,
    link: localizedPath(helpArticlePath(article), language),
  };
}

async function balances({ userId, language, sources }: AnswerInput): Promise<AnswerDraft> {
  const phrases = PHRASES[language];
  if (!sources.cash?.listWallets) {
    return draft(phrases.unavailable);
  }
  const wallets = (await sources.cash.listWallets(userId)).filter((wallet) => wallet.status !== 'closed');
  const links = [{ label: phrases.links.wallets, path: '/dashboard/wallets/' }];
  if (wallets.length === 0) {
    return draft(phrases.balances.empty, { links });
  }
  const shown = wallets.slice(0, FACTS_MAX);
  return draft(phrases.balances.text, {
    facts: shown.map((wallet) => ({
      label: phrases.balances.label(wallet.name),
      value: wallet.balance.available,
      asset: wallet.asset,
      source: phrases.balances.source,
    })),
    links: [
      ...links,
      ...shown.slice(0, 3).map((wallet) => ({
        label: phrases.links.wallet(wallet.name),
        path: `/dashboard/wallets/${wallet.id}/`,
      })),
    ],
  });
}

async function recentActivity({ userId, language, sources }: AnswerInput): Promise<AnswerDraft> {
  const phrases = PHRASES[language];
  if (!sources.cash?.recentActivity) {
    return draft(phrases.unavailable);
  }
  const items = await sources.cash.recentActivity(userId, RECENT_MAX);
  const links = [{ label: phrases.links.home, path: '/dashboard/home/' }];
  if (items.length === 0) {
    return draft(phrases.activity.empty, { links });
  }
  return draft(phrases.activity.text, {
    facts: items.map((item) => ({
      label: phrases.activity.label(
        phrases.activityKinds[item.kind],
        item.createdAt.slice(0, 10),
        phrases.activityStatuses[item.status],
      ),
      value: item.amount,
      asset: item.asset,
      source: phrases.activity.source,
    })),
    links: [...links, { label: phrases.links.wallets, path: `/dashboard/wallets/${items[0]!.walletId}/` }],
  });
}

async function orderStatus({ userId, language, sources }: AnswerInput): Promise<AnswerDraft> {
  const phrases = PHRASES[language];
  if (!sources.trading?.recentOrders) {
    return draft(phrases.unavailable);
  }
  const orders = await sources.trading.recentOrders(userId, RECENT_MAX);
  const links = [{ label: phrases.links.trading, path: '/dashboard/trading/' }];
  if (orders.length === 0) {
    return draft(phrases.orders.empty, { links });
  }
  return draft(phrases.orders.text, {
    facts: orders.map((order) => ({
      label: phrases.orders.label(
        phrases.orderSides[order.side],
        order.productId,
        order.createdAt.slice(0, 10),
      ),
      value: phrases.orders.value(phrases.orderStatuses[order.status], order.filledQuantity, order.quantity),
      asset: null,
      source: phrases.orders.source,
    })),
    links: [{ label: phrases.links.trading, path: `/dashboard/trading/?product=${orders[0]!.productId}` }],
  });
}

async function kycStatus({ userId, language, sources }: AnswerInput): Promise<AnswerDraft> {
  const phrases = PHRASES[language];
  if (!sources.customers) {
    return draft(phrases.unavailable);
  }
  const customer = await sources.customers.getCustomer(userId);
  return draft(phrases.kyc.text, {
    facts: [
      {
        label: phrases.kyc.statusLabel,
        value: phrases.kycStatuses[customer.kycStatus],
        asset: null,
        source: phrases.kyc.source,
      },
      {
        label: phrases.kyc.levelLabel,
        value: String(customer.kycLevel),
        asset: null,
        source: phrases.kyc.source,
      },
    ],
    links: [{ label: phrases.links.kyc, path: '/dashboard/KYC/' }],
  });
}

async function howTo({ language, question, sources }: AnswerInput): Promise<AnswerDraft> {
  const phrases = PHRASES[language];
  const links = [{ label: phrases.links.help, path: localizedPath('/help/', language) }];
  if (!sources.help) {
    return draft(phrases.unavailable, { links });
  }
  const found = await sources.help.search(searchQueryOf(question), language, CITATIONS_MAX);
  if (found.results.length === 0) {
    return draft(phrases.howTo.empty, { links });
  }
  return draft(phrases.howTo.text, {
    citations: found.results.map((article) => citationOf(article, language)),
    links,
  });
}

/** The answer to a message of `intent` (handover excepted: see handover.ts). */
export async function answerFor(intent: AssistantIntent, input: AnswerInput): Promise<AnswerDraft> {
  const phrases = PHRASES[input.language];
  let answer: AnswerDraft;
  switch (intent) {
    case 'balances':
      answer = await balances(input);
      break;
    case 'recent_activity':
      answer = await recentActivity(input);
      break;
    case 'order_status':
      answer = await orderStatus(input);
      break;
    case 'kyc_status':
      answer = await kycStatus(input);
      break;
    case 'how_to':
      answer = await howTo(input);
      break;
    case 'greeting':
      answer = draft(phrases.greeting);
      break;
    case 'out_of_domain':
    case 'handover':
      answer = draft(phrases.outOfDomain);
      break;
  }
  return { ...answer, suggestions: suggestionsAfter(intent, phrases) };
}
