/**
 * Step-up for money movements (docs/api.md, "Step-up for money movements"; PSD2 strong customer authentication).
 * A signed-in customer proves a second factor again and gets an access token of the same session with a fresh
 * `auth_time` and `amr` containing `mfa`; cash operations accept it for 5 minutes. Amplify has no call for
 * Tessera's step-up, so this speaks the Cognito JSON protocol itself: InitiateAuth CUSTOM_AUTH with the current
 * access token, then RespondToAuthChallenge CUSTOM_CHALLENGE with the code. The endpoint and client id come from
 * /config.json, as Amplify's configuration does (lib/amplify.ts); the current tokens come from Amplify.
 */
import type { RuntimeConfig } from '@tessera/contracts';
import { loadAmplify } from './amplify.ts';
import { authErrorKey } from './auth-errors.ts';
import { loadRuntimeConfig } from './runtime-config.ts';
import { withSessionLock } from './session-lock.ts';

/** The factor the identity service asks for: the authenticator app, a code by SMS, or a code by e-mail. */
export type StepUpMethod = 'SOFTWARE_TOKEN_MFA' | 'SMS_MFA' | 'EMAIL_OTP';

/** A started step-up: what to enter, where a code was sent (masked), and the challenge session to answer. */
export interface StepUpChallenge {
  method: StepUpMethod;
  destination?: string;
  session: string;
}

/**
 * A refusal from the identity service. `name` is Cognito's error name (CodeMismatchException,
 * NotAuthorizedException, ...) and `message` its text, so `authErrorKey` and `isInvalidSession` read it as they
 * read Amplify's errors.
 */
export class StepUpError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** The signed-in person's current access token and username, or null when signed out. */
export interface CurrentTokens {
  accessToken: string;
  username: string;
}

/** What the step-up client needs; the defaults read /config.json, Amplify's session and the global fetch. */
export interface StepUpDependencies {
  loadConfig: () => Promise<RuntimeConfig>;
  currentTokens: (config: RuntimeConfig) => Promise<CurrentTokens | null>;
  fetch: typeof fetch;
}

const METHODS: readonly StepUpMethod[] = ['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP'];

interface CognitoAnswer {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { AccessToken?: string };
}

async function callIdentity(
  dependencies: StepUpDependencies,
  config: RuntimeConfig,
  operation: 'InitiateAuth' | 'RespondToAuthChallenge',
  body: Record<string, unknown>,
): Promise<CognitoAnswer> {
  let response: Response;
  try {
    response = await dependencies.fetch(config.identity.userPoolEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        'cache-control': 'no-store',
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new StepUpError('NetworkError', 'Network Error');
  }
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    // Cognito names the error in the x-amzn-errortype header ("Name:" or "Name:uri"), else in __type.
    const header = response.headers.get('x-amzn-errortype')?.split(':')[0];
    const type = typeof payload['__type'] === 'string' ? payload['__type'].split('#').pop() : undefined;
    const message = typeof payload['message'] === 'string' ? payload['message'] : '';
    throw new StepUpError(header || type || 'UnknownError', message);
  }
  return payload as CognitoAnswer;
}

async function signedIn(dependencies: StepUpDependencies) {
  const config = await dependencies.loadConfig();
  const tokens = await dependencies.currentTokens(config);
  if (!tokens) {
    throw new StepUpError('UserUnAuthenticatedException', 'User needs to be authenticated to call this API.');
  }
  return { config, tokens };
}

/** Builds the step-up calls over the given dependencies (tests pass fakes; the app uses the defaults). */
export function createStepUpClient(dependencies: StepUpDependencies) {
  return {
    async startStepUp(): Promise<StepUpChallenge> {
      const { config, tokens } = await signedIn(dependencies);
      const answer = await callIdentity(dependencies, config, 'InitiateAuth', {
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: config.identity.userPoolClientId,
        AuthParameters: { USERNAME: tokens.username, ACCESS_TOKEN: tokens.accessToken },
      });
      const method = answer.ChallengeParameters?.['METHOD'] as StepUpMethod | undefined;
      if (
        answer.ChallengeName !== 'CUSTOM_CHALLENGE' ||
        !answer.Session ||
        !method ||
        !METHODS.includes(method)
      ) {
        throw new StepUpError('UnexpectedChallenge', 'The identity service did not start a step-up.');
      }
      const destination = answer.ChallengeParameters?.['CODE_DELIVERY_DESTINATION'];
      return { method, session: answer.Session, ...(destination ? { destination } : {}) };
    },

    async completeStepUp(session: string, code: string): Promise<string> {
      const { config, tokens } = await signedIn(dependencies);
      const answer = await callIdentity(dependencies, config, 'RespondToAuthChallenge', {
        ChallengeName: 'CUSTOM_CHALLENGE',
        ClientId: config.identity.userPoolClientId,
        Session: session,
        ChallengeResponses: { USERNAME: tokens.username, ANSWER: code.trim() },
      });
      const accessToken = answer.AuthenticationResult?.AccessToken;
      if (!accessToken) {
        throw new StepUpError('UnexpectedChallenge', 'The identity service did not confirm the step-up.');
      }
      return accessToken;
    },
  };
}

/** The `auth` namespace keys that tell the person what to enter for each step-up method. */
export const STEP_UP_PROMPT_KEYS: Readonly<Record<StepUpMethod, { description: string; label: string }>> = {
  SOFTWARE_TOKEN_MFA: { description: 'auth:stepUp.totpLead', label: 'auth:mfa.totpLabel' },
  SMS_MFA: { description: 'auth:stepUp.smsLead', label: 'auth:mfa.smsLabel' },
  EMAIL_OTP: { description: 'auth:stepUp.emailLead', label: 'auth:stepUp.emailLabel' },
};

/** Only codes sent by the service can be sent again; the authenticator app makes its own. */
export function canResend(method: StepUpMethod): boolean {
  return method !== 'SOFTWARE_TOKEN_MFA';
}

/** The translation key for a step-up failure (a wrong or expired code, throttling, a network problem, …). */
export function stepUpErrorKey(error: unknown): string {
  if (error instanceof Error && error.name === 'UnexpectedChallenge') {
    return 'auth:stepUp.unavailable';
  }
  return authErrorKey(error);
}

let configLoading: Promise<RuntimeConfig> | undefined;

const defaultClient = createStepUpClient({
  loadConfig: () => {
    configLoading ??= loadRuntimeConfig().catch((error: unknown) => {
      configLoading = undefined;
      throw error;
    });
    return configLoading;
  },
  currentTokens: async (config) => {
    const { auth } = await loadAmplify(config);
    const { tokens } = await withSessionLock(() => auth.fetchAuthSession());
    if (!tokens) {
      return null;
    }
    const username = tokens.accessToken.payload['username'];
    return {
      accessToken: tokens.accessToken.toString(),
      username: typeof username === 'string' ? username : String(tokens.accessToken.payload.sub ?? ''),
    };
  },
  fetch: (input, init) => fetch(input, init),
});

/**
 * Starts a step-up for the signed-in person: the identity service picks the strongest factor they have and, for
 * SMS and e-mail, sends a code (call it again to send a new one). Rejects with a StepUpError.
 */
export function startStepUp(): Promise<StepUpChallenge> {
  return defaultClient.startStepUp();
}

/**
 * Answers a started step-up with the code; resolves to the step-up access token to send with the money movement
 * (valid 5 minutes for that purpose). A wrong code rejects with StepUpError 'CodeMismatchException' and the same
 * session may be answered again (up to 5 wrong answers in 5 minutes).
 */
export function completeStepUp(session: string, code: string): Promise<string> {
  return defaultClient.completeStepUp(session, code);
}
