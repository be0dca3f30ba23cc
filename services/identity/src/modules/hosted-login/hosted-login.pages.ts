/**
 * The hosted login's pages (sign-in form, code form, error page), English and French. Plain forms without
 * script: labels tied to inputs, autocomplete hints for password managers, errors announced (role="alert") and
 * linked to their fields.
 */
import type { Locale } from '../outbox/messages.ts';
import { escapeHtml, pageHtml } from './html.ts';

const texts = {
  en: {
    title: 'Sign in to Tessera',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    codeTitle: 'Enter your security code',
    codeTotp: 'Enter the 6-digit code from your authenticator app.',
    codeSms: 'Enter the 6-digit code we sent by SMS to {destination}.',
    code: 'Security code',
    verify: 'Verify',
    errorTitle: 'This sign-in link is not valid',
    back: 'Return to Tessera',
  },
  fr: {
    title: 'Connexion à Tessera',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    codeTitle: 'Saisissez votre code de sécurité',
    codeTotp: 'Saisissez le code à 6 chiffres de votre application d’authentification.',
    codeSms: 'Saisissez le code à 6 chiffres envoyé par SMS au {destination}.',
    code: 'Code de sécurité',
    verify: 'Vérifier',
    errorTitle: 'Ce lien de connexion n’est pas valide',
    back: 'Revenir à Tessera',
  },
} as const;

/** Messages shown above a form. */
export const hostedMessages = {
  en: {
    wrongCredentials: 'Incorrect e-mail address or password.',
    locked: 'Too many attempts. Wait a few minutes, then try again.',
    unconfirmed: 'Confirm your e-mail address first: finish signing up in the Tessera app.',
    finishInApp: 'Your account needs a step that only the Tessera app can do. Sign in there first.',
    wrongCode: 'This code is not right. Check it and try again.',
    expired: 'This sign-in took too long. Start again.',
    disabled: 'This account is disabled. Contact support.',
    resetRequired: 'Reset your password in the Tessera app, then sign in.',
    invalidForm: 'The form expired. Try again.',
    invalidRequest: 'The application that sent you here made a request Tessera cannot accept.',
  },
  fr: {
    wrongCredentials: 'Adresse e-mail ou mot de passe incorrect.',
    locked: 'Trop de tentatives. Patientez quelques minutes, puis réessayez.',
    unconfirmed:
      'Confirmez d’abord votre adresse e-mail : terminez l’inscription dans l’application Tessera.',
    finishInApp:
      'Votre compte demande une étape que seule l’application Tessera peut faire. Connectez-vous d’abord dans l’application.',
    wrongCode: 'Ce code n’est pas le bon. Vérifiez-le et réessayez.',
    expired: 'Cette connexion a pris trop de temps. Recommencez.',
    disabled: 'Ce compte est désactivé. Contactez le support.',
    resetRequired: 'Réinitialisez votre mot de passe dans l’application Tessera, puis connectez-vous.',
    invalidForm: 'Le formulaire a expiré. Réessayez.',
    invalidRequest:
      'L’application qui vous a envoyé ici a fait une demande que Tessera ne peut pas accepter.',
  },
} as const;

/** A message key. */
export type HostedMessage = keyof (typeof hostedMessages)['en'];

function hiddenFields(fields: Readonly<Record<string, string>>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
}

function alert(locale: Locale, message: HostedMessage | undefined): string {
  return message
    ? `<p class="error" role="alert" id="form-error">${escapeHtml(hostedMessages[locale][message])}</p>`
    : '';
}

/** The e-mail and password form. */
export function signInPage(options: {
  locale: Locale;
  fields: Readonly<Record<string, string>>;
  email?: string;
  error?: HostedMessage;
}): string {
  const text = texts[options.locale];
  const described = options.error ? ' aria-describedby="form-error"' : '';
  const body = `<h1>${text.title}</h1>
<form method="post" action="/oauth2/authorize" novalidate>
${alert(options.locale, options.error)}
${hiddenFields(options.fields)}
<label for="email">${text.email}</label>
<input id="email" name="username" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${described}>
<label for="password">${text.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<button type="submit">${text.submit}</button>
</form>`;
  return pageHtml({ locale: options.locale, title: text.title, body });
}

/** The security code form of an MFA sign-in. */
export function codePage(options: {
  locale: Locale;
  fields: Readonly<Record<string, string>>;
  smsDestination?: string;
  error?: HostedMessage;
}): string {
  const text = texts[options.locale];
  const hint = options.smsDestination
    ? text.codeSms.replace('{destination}', escapeHtml(options.smsDestination))
    : text.codeTotp;
  const body = `<h1>${text.codeTitle}</h1>
<form method="post" action="/oauth2/authorize" novalidate>
${alert(options.locale, options.error)}
${hiddenFields(options.fields)}
<label for="code">${text.code}</label>
<p class="hint" id="code-hint">${hint}</p>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required aria-describedby="code-hint${options.error ? ' form-error' : ''}">
<button type="submit">${text.verify}</button>
</form>`;
  return pageHtml({ locale: options.locale, title: text.codeTitle, body });
}

/** The page for a request that cannot be sent back to its application (unknown client or redirect URI). */
export function errorPage(locale: Locale, homeUrl: string): string {
  const text = texts[locale];
  const body = `<h1>${text.errorTitle}</h1>
<p role="alert">${escapeHtml(hostedMessages[locale].invalidRequest)}</p>
<p><a href="${escapeHtml(homeUrl)}">${text.back}</a></p>`;
  return pageHtml({ locale, title: text.errorTitle, body });
}
