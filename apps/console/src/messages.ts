/** The console's visible strings, in English and French. */
export const MESSAGES = {
  en: {
    brand: 'Tessera',
    title: 'Staff console',
    lead: 'Live assist, session replay, usability tests, KYC review, customer support and the ledger explorer will live here.',
    signIn: 'Staff sign-in arrives with the identity service.',
    language: 'Language',
    back: 'Back to the public site',
  },
  fr: {
    brand: 'Tessera',
    title: 'Console du personnel',
    lead: 'L’assistance en direct, la relecture de sessions, les tests d’utilisabilité, la revue KYC, le support client et l’explorateur du registre seront ici.',
    signIn: 'La connexion du personnel arrivera avec le service d’identité.',
    language: 'Langue',
    back: 'Retour au site public',
  },
} as const;

export type ConsoleLanguage = keyof typeof MESSAGES;
