/**
 * The assistant's words in English and French. The answers are built on the server (they name what was read), so
 * their text lives here rather than in the web app's translation files; both languages have the same keys (the
 * type says so). Amounts are never formatted here: a fact carries the decimal string and its asset, and the web
 * app formats it as the page it comes from does.
 */
import type { ActivityKind, AssistantLanguage, KycStatus, OrderSide, OrderStatus } from '@tessera/contracts';

export interface Phrases {
  readonly balances: { text: string; empty: string; label: (wallet: string) => string; source: string };
  readonly activity: {
    text: string;
    empty: string;
    label: (kind: string, date: string, status: string) => string;
    source: string;
  };
  readonly orders: {
    text: string;
    empty: string;
    label: (side: string, product: string, date: string) => string;
    value: (status: string, filled: string, quantity: string) => string;
    source: string;
  };
  readonly kyc: { text: string; levelLabel: string; statusLabel: string; source: string };
  readonly howTo: { text: string; empty: string };
  readonly handover: { requested: string; unavailable: string };
  readonly greeting: string;
  readonly outOfDomain: string;
  readonly unavailable: string;
  readonly links: {
    wallets: string;
    wallet: (name: string) => string;
    home: string;
    trading: string;
    kyc: string;
    help: string;
  };
  readonly suggestions: {
    balances: string;
    activity: string;
    orders: string;
    kyc: string;
    howTo: string;
    handover: string;
  };
  readonly activityKinds: Record<ActivityKind, string>;
  readonly activityStatuses: Record<'pending' | 'posted' | 'voided', string>;
  readonly orderStatuses: Record<OrderStatus, string>;
  readonly orderSides: Record<OrderSide, string>;
  readonly kycStatuses: Record<KycStatus, string>;
}

export const PHRASES: Record<AssistantLanguage, Phrases> = {
  en: {
    balances: {
      text: 'Here is what is available in each of your wallets now, as your wallets page shows it.',
      empty: 'You have no wallet yet. You can open one from your wallets page.',
      label: (wallet) => `${wallet}: available`,
      source: 'Wallets · available balance',
    },
    activity: {
      text: 'Here are the latest movements over all your wallets, newest first.',
      empty: 'There is no activity on your wallets yet.',
      label: (kind, date, status) => `${kind}, ${date} (${status})`,
      source: 'Wallets · activity',
    },
    orders: {
      text: 'Here are your latest orders, newest first.',
      empty: 'You have not placed any order yet.',
      label: (side, product, date) => `${side} ${product}, ${date}`,
      value: (status, filled, quantity) => `${status}: ${filled} of ${quantity} filled`,
      source: 'Trading · orders',
    },
    kyc: {
      text: 'Here is where your identity verification stands.',
      levelLabel: 'Verification level',
      statusLabel: 'Verification status',
      source: 'Identity verification',
    },
    howTo: {
      text: 'These help articles answer it:',
      empty:
        'I found no help article for that. Try other words, browse the help centre, or ask to talk to a person.',
    },
    handover: {
      requested:
        'I have asked a support agent to join you. They see what is below, so you will not have to repeat it, and they will appear on this screen through live assist: you confirm each thing they ask to do.',
      unavailable:
        'I cannot reach an agent from this page right now, because live assist is not running in this browser (for example when Do Not Track is on). The help article below says how else to reach support.',
    },
    greeting:
      'Hello. I can tell you your balances, your recent activity, your orders and your verification status, answer from the help centre, or pass you on to a person.',
    outOfDomain:
      'I can only help with Tessera: your balances, activity, orders, identity verification and the help centre. I cannot answer that. You can ask to talk to a person.',
    unavailable: 'I cannot read that part of your account right now. Please try again in a moment.',
    links: {
      wallets: 'Open your wallets',
      wallet: (name) => `Open ${name}`,
      home: 'Open your home page',
      trading: 'Open trading',
      kyc: 'Open identity verification',
      help: 'Open the help centre',
    },
    suggestions: {
      balances: 'What is my balance?',
      activity: 'Show my recent activity',
      orders: 'Was my order filled?',
      kyc: 'What is my verification status?',
      howTo: 'How do I withdraw money?',
      handover: 'Talk to a person',
    },
    activityKinds: {
      card_deposit: 'Card deposit',
      sepa_deposit: 'SEPA deposit',
      crypto_deposit: 'Crypto deposit',
      sepa_withdrawal: 'SEPA withdrawal',
      crypto_withdrawal: 'Crypto withdrawal',
      own_transfer: 'Transfer between your wallets',
      customer_transfer: 'Transfer with a customer',
      conversion: 'Conversion',
      fee: 'Fee',
      trade: 'Trade',
      other: 'Other movement',
    },
    activityStatuses: { pending: 'pending', posted: 'completed', voided: 'cancelled' },
    orderStatuses: {
      accepted: 'Accepted',
      rejected: 'Rejected',
      working: 'Working',
      partially_filled: 'Partially filled',
      filled: 'Filled',
      cancelled: 'Cancelled',
      expired: 'Expired',
    },
    orderSides: { buy: 'Buy', sell: 'Sell' },
    kycStatuses: {
      not_started: 'Not started',
      in_progress: 'In progress',
      submitted: 'Submitted',
      under_review: 'Under review',
      approved: 'Approved',
      rejected: 'Rejected',
      more_info_requested: 'More information requested',
    },
  },
  fr: {
    balances: {
      text: 'Voici ce qui est disponible maintenant dans chacun de vos portefeuilles, comme le montre votre page Portefeuilles.',
      empty:
        'Vous n’avez pas encore de portefeuille. Vous pouvez en ouvrir un depuis votre page Portefeuilles.',
      label: (wallet) => `${wallet} : disponible`,
      source: 'Portefeuilles · solde disponible',
    },
    activity: {
      text: 'Voici les derniers mouvements de tous vos portefeuilles, du plus récent au plus ancien.',
      empty: 'Il n’y a encore aucune opération sur vos portefeuilles.',
      label: (kind, date, status) => `${kind}, ${date} (${status})`,
      source: 'Portefeuilles · activité',
    },
    orders: {
      text: 'Voici vos derniers ordres, du plus récent au plus ancien.',
      empty: 'Vous n’avez encore passé aucun ordre.',
      label: (side, product, date) => `${side} ${product}, ${date}`,
      value: (status, filled, quantity) => `${status} : ${filled} sur ${quantity} exécuté(s)`,
      source: 'Trading · ordres',
    },
    kyc: {
      text: 'Voici où en est la vérification de votre identité.',
      levelLabel: 'Niveau de vérification',
      statusLabel: 'Statut de la vérification',
      source: 'Vérification d’identité',
    },
    howTo: {
      text: 'Ces articles d’aide y répondent :',
      empty:
        'Je n’ai trouvé aucun article d’aide à ce sujet. Essayez d’autres mots, parcourez le centre d’aide ou demandez à parler à un conseiller.',
    },
    handover: {
      requested:
        'J’ai demandé à un conseiller de vous rejoindre. Il voit ce qui figure ci-dessous, vous n’aurez donc pas à le répéter, et il apparaîtra sur cet écran grâce à l’assistance en direct : vous confirmez chacune de ses demandes.',
      unavailable:
        'Je ne peux pas joindre de conseiller depuis cette page pour le moment, car l’assistance en direct ne fonctionne pas dans ce navigateur (par exemple avec « Ne pas suivre » activé). L’article d’aide ci-dessous indique comment joindre le support autrement.',
    },
    greeting:
      'Bonjour. Je peux vous donner vos soldes, votre activité récente, vos ordres et le statut de votre vérification, répondre à partir du centre d’aide, ou vous mettre en relation avec un conseiller.',
    outOfDomain:
      'Je ne peux vous aider que sur Tessera : vos soldes, votre activité, vos ordres, la vérification d’identité et le centre d’aide. Je ne peux pas répondre à cela. Vous pouvez demander à parler à un conseiller.',
    unavailable:
      'Je ne peux pas lire cette partie de votre compte pour le moment. Veuillez réessayer dans un instant.',
    links: {
      wallets: 'Ouvrir vos portefeuilles',
      wallet: (name) => `Ouvrir ${name}`,
      home: 'Ouvrir votre accueil',
      trading: 'Ouvrir le trading',
      kyc: 'Ouvrir la vérification d’identité',
      help: 'Ouvrir le centre d’aide',
    },
    suggestions: {
      balances: 'Quel est mon solde ?',
      activity: 'Mon activité récente',
      orders: 'Mon ordre a-t-il été exécuté ?',
      kyc: 'Où en est ma vérification ?',
      howTo: 'Comment effectuer un retrait ?',
      handover: 'Parler à un conseiller',
    },
    activityKinds: {
      card_deposit: 'Dépôt par carte',
      sepa_deposit: 'Dépôt SEPA',
      crypto_deposit: 'Dépôt de cryptoactifs',
      sepa_withdrawal: 'Retrait SEPA',
      crypto_withdrawal: 'Retrait de cryptoactifs',
      own_transfer: 'Transfert entre vos portefeuilles',
      customer_transfer: 'Transfert avec un client',
      conversion: 'Conversion',
      fee: 'Frais',
      trade: 'Opération de bourse',
      other: 'Autre mouvement',
    },
    activityStatuses: { pending: 'en attente', posted: 'effectué', voided: 'annulé' },
    orderStatuses: {
      accepted: 'Accepté',
      rejected: 'Refusé',
      working: 'En cours',
      partially_filled: 'Partiellement exécuté',
      filled: 'Exécuté',
      cancelled: 'Annulé',
      expired: 'Expiré',
    },
    orderSides: { buy: 'Achat', sell: 'Vente' },
    kycStatuses: {
      not_started: 'Non commencée',
      in_progress: 'En cours',
      submitted: 'Envoyée',
      under_review: 'En cours d’examen',
      approved: 'Approuvée',
      rejected: 'Refusée',
      more_info_requested: 'Informations complémentaires demandées',
    },
  },
};
