import { randomBytes } from 'node:crypto';
import { CLIENT_SETTINGS } from './rules.js';
import { CognitoError } from './shim-wire.js';

/** The custom authentication triggers, as the pool names them (infra/routes.ts `triggers`). */
export const CUSTOM_AUTH_TRIGGERS = [
  'DefineAuthChallenge',
  'CreateAuthChallenge',
  'VerifyAuthChallengeResponse',
] as const;
export type CustomAuthTrigger = (typeof CUSTOM_AUTH_TRIGGERS)[number];

/** What the flow needs from cognito-local: the account, and tokens issued as its own sign-ins issue them. */
export interface CustomAuthAccounts {
  /** The account `username` (user name, e-mail or sub) names: its user name and attributes, or null. */
  find(userPoolId: string, username: string): Promise<{ username: string; attributes: Record<string, string> } | null>;
  /** Tokens for a completed sign-in (source `Authentication`), the refresh token kept for refreshes. */
  issueTokens(userPoolId: string, clientId: string, username: string): Promise<Record<string, any>>;
}

interface ChallengeRound {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

interface PendingSignIn {
  userPoolId: string;
  clientId: string;
  username: string;
  challengeName: string;
  challengeMetadata?: string;
  privateChallengeParameters: Record<string, string>;
  rounds: ChallengeRound[];
  expiresAt: number;
}

/** The app client's AuthSessionValidity: how long Cognito keeps a custom-flow session. */
const SESSION_LIFETIME_MS = CLIENT_SETTINGS.authSessionValidityMinutes * 60_000;
/** At most this many sign-ins half done at once: the oldest is dropped first, so strangers cannot grow memory. */
const MAX_PENDING = 1_000;
const FAILED = () => new CognitoError('NotAuthorizedException', 'Incorrect username or password.');

/**
 * Cognito's custom authentication (InitiateAuth CUSTOM_AUTH, RespondToAuthChallenge CUSTOM_CHALLENGE),
 * which cognito-local lacks: the pool's DefineAuthChallenge, CreateAuthChallenge and
 * VerifyAuthChallengeResponse triggers decide everything, called with Cognito's event shapes, and the
 * tokens come from cognito-local's own token generator. The session between the two calls is an
 * unguessable id, kept in memory for three minutes and usable once.
 */
export function customAuth(options: {
  pool: { userPoolId: string; clientId: string };
  invoke: (trigger: CustomAuthTrigger, event: Record<string, any>) => Promise<Record<string, any>>;
  accounts: CustomAuthAccounts;
}) {
  const pending = new Map<string, PendingSignIn>();

  const event = (trigger: string, signIn: Omit<PendingSignIn, 'expiresAt'>, attributes: Record<string, string>) => ({
    version: '1',
    region: 'local',
    userPoolId: signIn.userPoolId,
    userName: signIn.username,
    callerContext: { awsSdkVersion: 'cognito-local-shim', clientId: signIn.clientId },
    triggerSource: `${trigger}_Authentication`,
    request: { userAttributes: attributes },
    response: {},
  });

  const checkClient = (clientId: unknown) => {
    if (clientId !== options.pool.clientId)
      throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
    if (!(CLIENT_SETTINGS.explicitAuthFlows as readonly string[]).includes('ALLOW_CUSTOM_AUTH'))
      throw new CognitoError('InvalidParameterException', 'Custom auth flow is not enabled for this client.');
  };

  /** Asks DefineAuthChallenge what follows the rounds so far: tokens, a failure, or another challenge. */
  const next = async (signIn: Omit<PendingSignIn, 'expiresAt' | 'challengeName' | 'privateChallengeParameters'>) => {
    const account = await options.accounts.find(signIn.userPoolId, signIn.username);
    if (!account) throw FAILED();
    const base = { ...signIn, challengeName: '', privateChallengeParameters: {} };
    const defined = await options.invoke('DefineAuthChallenge', {
      ...event('DefineAuthChallenge', base, account.attributes),
      request: { userAttributes: account.attributes, session: signIn.rounds, userNotFound: false },
      response: { challengeName: undefined, issueTokens: false, failAuthentication: false },
    });
    const decision = defined.response ?? {};
    if (decision.failAuthentication === true) throw FAILED();
    if (decision.issueTokens === true) {
      return {
        ChallengeParameters: {},
        AuthenticationResult: await options.accounts.issueTokens(signIn.userPoolId, signIn.clientId, account.username),
      };
    }
    const challengeName = String(decision.challengeName ?? '');
    if (challengeName !== 'CUSTOM_CHALLENGE') throw FAILED();
    const created = await options.invoke('CreateAuthChallenge', {
      ...event('CreateAuthChallenge', base, account.attributes),
      request: { userAttributes: account.attributes, challengeName, session: signIn.rounds, userNotFound: false },
      response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: undefined },
    });
    const response = created.response ?? {};
    const session = randomBytes(32).toString('base64url');
    sweep();
    pending.set(session, {
      ...signIn,
      challengeName,
      challengeMetadata: response.challengeMetadata,
      privateChallengeParameters: { ...response.privateChallengeParameters },
      expiresAt: Date.now() + SESSION_LIFETIME_MS,
    });
    return {
      ChallengeName: challengeName,
      ChallengeParameters: { ...response.publicChallengeParameters, USERNAME: account.username },
      Session: session,
    };
  };

  const sweep = () => {
    const now = Date.now();
    for (const [id, signIn] of pending) if (signIn.expiresAt <= now) pending.delete(id);
    while (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value!);
  };

  return {
    /** InitiateAuth with AuthFlow CUSTOM_AUTH. */
    async initiate(body: Record<string, any>) {
      checkClient(body.ClientId);
      const username = body.AuthParameters?.USERNAME;
      if (typeof username !== 'string' || !username)
        throw new CognitoError('InvalidParameterException', 'Missing required parameter USERNAME');
      const account = await options.accounts.find(options.pool.userPoolId, username);
      if (!account) throw FAILED();
      return next({
        userPoolId: options.pool.userPoolId,
        clientId: body.ClientId,
        username: account.username,
        rounds: [],
      });
    },

    /** RespondToAuthChallenge with ChallengeName CUSTOM_CHALLENGE. */
    async respond(body: Record<string, any>) {
      checkClient(body.ClientId);
      const id = typeof body.Session === 'string' ? body.Session : '';
      const signIn = pending.get(id);
      // A session is used once, whatever the answer: Cognito hands out a new one for a next round.
      pending.delete(id);
      if (!signIn || signIn.expiresAt <= Date.now() || signIn.clientId !== body.ClientId)
        throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
      const account = await options.accounts.find(signIn.userPoolId, signIn.username);
      // Cognito takes the user name or an alias (the sub, the e-mail) for the one the sign-in began with.
      const named = body.ChallengeResponses?.USERNAME;
      const names = [signIn.username, account?.attributes.sub, account?.attributes.email?.toLowerCase()];
      if (
        !account ||
        (typeof named === 'string' && !names.includes(named.trim().toLowerCase()) && !names.includes(named))
      )
        throw FAILED();
      const answer = body.ChallengeResponses?.ANSWER;
      const verified = await options.invoke('VerifyAuthChallengeResponse', {
        ...event('VerifyAuthChallengeResponse', signIn, account.attributes),
        request: {
          userAttributes: account.attributes,
          privateChallengeParameters: signIn.privateChallengeParameters,
          challengeAnswer: typeof answer === 'string' ? answer : '',
          userNotFound: false,
        },
        response: { answerCorrect: false },
      });
      return next({
        userPoolId: signIn.userPoolId,
        clientId: signIn.clientId,
        username: signIn.username,
        rounds: [
          ...signIn.rounds,
          {
            challengeName: signIn.challengeName,
            challengeResult: verified.response?.answerCorrect === true,
            ...(signIn.challengeMetadata ? { challengeMetadata: signIn.challengeMetadata } : {}),
          },
        ],
      });
    },
  };
}
