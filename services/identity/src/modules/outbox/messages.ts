/**
 * The texts of e-mails and SMS, in English and French (the product's two languages, spec section 1).
 */
import type { AccountNotificationEmail } from '@tessera/contracts';

/** A language the service writes in. */
export type Locale = 'en' | 'fr';

/** Why a message is sent. */
export type MessageKind =
  | 'signUpCode'
  | 'forgotPasswordCode'
  | 'verifyEmailCode'
  | 'verifyPhoneCode'
  | 'smsMfaCode'
  | 'stepUpCode'
  | 'existingAccount'
  | 'temporaryPassword'
  | 'kycApproved'
  | 'kycRejected'
  | 'kycMoreInfoRequested'
  | 'delegateInvited'
  | AccountNotificationEmail;

interface Text {
  readonly subject: string;
  readonly body: (value: string) => string;
}

const texts: Record<Locale, Record<MessageKind, Text>> = {
  en: {
    signUpCode: {
      subject: 'Your Tessera confirmation code',
      body: (code) => `Welcome to Tessera. Your confirmation code is ${code}. It expires in 10 minutes.`,
    },
    forgotPasswordCode: {
      subject: 'Reset your Tessera password',
      body: (code) =>
        `Your password reset code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
    },
    verifyEmailCode: {
      subject: 'Confirm your e-mail address',
      body: (code) => `Your verification code is ${code}. It expires in 10 minutes.`,
    },
    verifyPhoneCode: { subject: 'Tessera', body: (code) => `Tessera: your verification code is ${code}.` },
    smsMfaCode: { subject: 'Tessera', body: (code) => `Tessera: your sign-in code is ${code}.` },
    stepUpCode: {
      subject: 'Confirm your Tessera operation',
      body: (code) =>
        `Your confirmation code is ${code}. Enter it only to confirm an operation you started. It expires in 10 minutes.`,
    },
    existingAccount: {
      subject: 'Someone tried to sign up with your e-mail',
      body: () =>
        'Someone tried to create a Tessera account with this e-mail address, which already has one. If it was you, sign in or reset your password. If not, you can ignore this message.',
    },
    temporaryPassword: {
      subject: 'Your Tessera account',
      body: (password) =>
        `An account was created for you. Sign in with the temporary password ${password}; you will choose your own at once.`,
    },
    // The invitation is accepted in the app, behind sign-in: the e-mail holds no link to follow.
    delegateInvited: {
      subject: 'You are invited to act on a Tessera account',
      body: (name) =>
        `${name} invited you to act on their Tessera account. Sign in to Tessera and open Settings, Delegate accounts, to accept or decline. If you do not know this person, decline.`,
    },
    // What a reviewer wrote stays in the app, behind sign-in: the e-mail only says where to look.
    kycApproved: {
      subject: 'Your identity is verified',
      body: () =>
        'Your identity verification is approved and your new limits apply now. Sign in to Tessera to see them.',
    },
    kycRejected: {
      subject: 'Your identity verification was not approved',
      body: () =>
        'We could not approve your identity verification. Sign in to Tessera and open Identity verification to see why and to start again.',
    },
    // Notifications the customer chose to receive by e-mail (settings, Notifications): the amount, no balance.
    notificationDepositReceived: {
      subject: 'Deposit received',
      body: (amount) => `We received your deposit of ${amount}. It will be available once settled.`,
    },
    notificationDepositSettled: {
      subject: 'Deposit available',
      body: (amount) => `Your deposit of ${amount} is settled and available in your wallet.`,
    },
    notificationWithdrawalSent: {
      subject: 'Withdrawal sent',
      body: (amount) => `Your withdrawal of ${amount} was sent.`,
    },
    notificationWithdrawalRejected: {
      subject: 'Withdrawal rejected',
      body: (amount) =>
        `Your withdrawal of ${amount} was rejected and the money is back in your wallet. Sign in to Tessera to see why.`,
    },
    notificationTransferReceived: {
      subject: 'Money received',
      body: (amount) => `You received ${amount} from another Tessera customer.`,
    },
    notificationOrderFilled: {
      subject: 'Order filled',
      body: (product) => `Your order on ${product} is filled. Sign in to Tessera to see its details.`,
    },
    notificationBalanceBelow: {
      subject: 'Balance alert',
      body: (threshold) => `The balance of your wallet fell below ${threshold}, as you asked us to tell you.`,
    },
    notificationBalanceAbove: {
      subject: 'Balance alert',
      body: (threshold) => `The balance of your wallet rose above ${threshold}, as you asked us to tell you.`,
    },
    notificationPlanSkipped: {
      subject: 'Investment plan run skipped',
      body: (amount) =>
        `Your investment plan of ${amount} was skipped today: your wallet's available balance was too low. Nothing was taken; the plan runs again on its next date.`,
    },
    notificationReferralReward: {
      subject: 'Referral reward paid',
      body: (amount) =>
        `Someone you invited verified their identity and made a first deposit: we paid ${amount} into your wallet.`,
    },
    kycMoreInfoRequested: {
      subject: 'We need more information to verify your identity',
      body: () =>
        'Our reviewer needs more information to verify your identity. Sign in to Tessera and open Identity verification to see what to change and send it again.',
    },
  },
  fr: {
    signUpCode: {
      subject: 'Votre code de confirmation Tessera',
      body: (code) =>
        `Bienvenue chez Tessera. Votre code de confirmation est ${code}. Il expire dans 10 minutes.`,
    },
    forgotPasswordCode: {
      subject: 'Réinitialisez votre mot de passe Tessera',
      body: (code) =>
        `Votre code de réinitialisation est ${code}. Il expire dans 10 minutes. Si vous ne l’avez pas demandé, ignorez ce message.`,
    },
    verifyEmailCode: {
      subject: 'Confirmez votre adresse e-mail',
      body: (code) => `Votre code de vérification est ${code}. Il expire dans 10 minutes.`,
    },
    verifyPhoneCode: {
      subject: 'Tessera',
      body: (code) => `Tessera : votre code de vérification est ${code}.`,
    },
    smsMfaCode: { subject: 'Tessera', body: (code) => `Tessera : votre code de connexion est ${code}.` },
    stepUpCode: {
      subject: 'Confirmez votre opération Tessera',
      body: (code) =>
        `Votre code de confirmation est ${code}. Saisissez-le uniquement pour confirmer une opération que vous avez lancée. Il expire dans 10 minutes.`,
    },
    existingAccount: {
      subject: 'Quelqu’un a tenté de s’inscrire avec votre e-mail',
      body: () =>
        'Quelqu’un a tenté de créer un compte Tessera avec cette adresse e-mail, qui en a déjà un. Si c’était vous, connectez-vous ou réinitialisez votre mot de passe. Sinon, ignorez ce message.',
    },
    temporaryPassword: {
      subject: 'Votre compte Tessera',
      body: (password) =>
        `Un compte a été créé pour vous. Connectez-vous avec le mot de passe temporaire ${password} ; vous choisirez le vôtre aussitôt.`,
    },
    delegateInvited: {
      subject: 'Vous êtes invité à agir sur un compte Tessera',
      body: (name) =>
        `${name} vous invite à agir sur son compte Tessera. Connectez-vous à Tessera et ouvrez Paramètres, Comptes délégués, pour accepter ou refuser. Si vous ne connaissez pas cette personne, refusez.`,
    },
    kycApproved: {
      subject: 'Votre identité est vérifiée',
      body: () =>
        'Votre vérification d’identité est approuvée et vos nouveaux plafonds s’appliquent dès maintenant. Connectez-vous à Tessera pour les voir.',
    },
    kycRejected: {
      subject: 'Votre vérification d’identité n’a pas été approuvée',
      body: () =>
        'Nous n’avons pas pu approuver votre vérification d’identité. Connectez-vous à Tessera et ouvrez Vérification d’identité pour en connaître la raison et recommencer.',
    },
    notificationDepositReceived: {
      subject: 'Dépôt reçu',
      body: (amount) => `Nous avons reçu votre dépôt de ${amount}. Il sera disponible une fois réglé.`,
    },
    notificationDepositSettled: {
      subject: 'Dépôt disponible',
      body: (amount) => `Votre dépôt de ${amount} est réglé et disponible sur votre portefeuille.`,
    },
    notificationWithdrawalSent: {
      subject: 'Retrait envoyé',
      body: (amount) => `Votre retrait de ${amount} a été envoyé.`,
    },
    notificationWithdrawalRejected: {
      subject: 'Retrait refusé',
      body: (amount) =>
        `Votre retrait de ${amount} a été refusé et l’argent est revenu sur votre portefeuille. Connectez-vous à Tessera pour en connaître la raison.`,
    },
    notificationTransferReceived: {
      subject: 'Argent reçu',
      body: (amount) => `Vous avez reçu ${amount} d’un autre client Tessera.`,
    },
    notificationOrderFilled: {
      subject: 'Ordre exécuté',
      body: (product) =>
        `Votre ordre sur ${product} est exécuté. Connectez-vous à Tessera pour en voir le détail.`,
    },
    notificationBalanceBelow: {
      subject: 'Alerte de solde',
      body: (threshold) =>
        `Le solde de votre portefeuille est passé sous ${threshold}, comme vous nous l’avez demandé.`,
    },
    notificationBalanceAbove: {
      subject: 'Alerte de solde',
      body: (threshold) =>
        `Le solde de votre portefeuille est passé au-dessus de ${threshold}, comme vous nous l’avez demandé.`,
    },
    notificationPlanSkipped: {
      subject: 'Exécution de plan d’investissement sautée',
      body: (amount) =>
        `Votre plan d’investissement de ${amount} a été sauté aujourd’hui : le solde disponible de votre portefeuille était insuffisant. Rien n’a été prélevé ; le plan reprend à sa prochaine date.`,
    },
    notificationReferralReward: {
      subject: 'Prime de parrainage versée',
      body: (amount) =>
        `Une personne que vous avez invitée a vérifié son identité et fait un premier dépôt : nous avons versé ${amount} sur votre portefeuille.`,
    },
    kycMoreInfoRequested: {
      subject: 'Il nous faut plus d’informations pour vérifier votre identité',
      body: () =>
        'Notre analyste a besoin de plus d’informations pour vérifier votre identité. Connectez-vous à Tessera et ouvrez Vérification d’identité pour voir quoi modifier et l’envoyer à nouveau.',
    },
  },
};

/** The subject and body of a message in a language. */
export function renderMessage(
  kind: MessageKind,
  locale: Locale,
  value: string,
): { subject: string; body: string } {
  const text = texts[locale][kind];
  return { subject: text.subject, body: text.body(value) };
}

/** The best of our languages for an Accept-Language header (or a stored preference); English by default. */
export function pickLocale(...candidates: (string | undefined)[]): Locale {
  for (const candidate of candidates) {
    const first = candidate
      ?.split(',')
      .map((part) => part.split(';')[0]!.trim().toLowerCase())
      .find((tag) => tag.startsWith('fr') || tag.startsWith('en'));
    if (first) {
      return first.startsWith('fr') ? 'fr' : 'en';
    }
  }
  return 'en';
}
