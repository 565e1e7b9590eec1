import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { decodeJwt, errors as joseErrors, importJWK, jwtVerify, SignJWT } from 'jose';
import type { Accounts } from './accounts.js';
import { CodeBook } from './codes.js';
import { ACCESS_TOKEN_ACTIONS, PUBLIC_ACTIONS, TARGET_PREFIX } from './shim-actions.js';
import { codeHandlers } from './shim-codes.js';
import { customAuth, type CustomAuthAccounts, type CustomAuthTrigger } from './shim-custom-auth.js';
import { attributeList, checkEmails } from './shim-input.js';
import {
  CognitoError,
  CORS,
  createQueue,
  isCognitoLocalError,
  readBody,
  relayedHeaders,
  parseAnswer,
  sendError,
  sendJson,
  upstreamError,
  withTokenShape,
} from './shim-wire.js';
import type { SigningKey } from './signing-key.js';
import type { Logger } from './server.js';
import { relayAnswer, requestUpstream } from '../upstream.js';

/** What the shim needs from cognito-local beyond its HTTP API. */
export interface Sessions {
  /** The sub of the user that `username` (user name, e-mail or sub) names, or null. */
  findSub(userPoolId: string, username: string): Promise<string | null>;
  /** Forgets the user's refresh tokens, as Cognito's global sign-out does. */
  revokeRefreshTokens(userPoolId: string, sub: string): Promise<void>;
  /** Records a refresh token cognito-local issued without keeping it. */
  keepRefreshToken(userPoolId: string, sub: string, refreshToken: string): Promise<void>;
  /** Whether `password` is the user's (temporary) password (null: no such user). */
  passwordMatches(userPoolId: string, username: string, password: string): Promise<boolean | null>;
}

export interface ShimOptions {
  /** cognito-local's Unix socket. */
  upstreamSocket: string;
  /** The shim's own URL, for the discovery document. */
  endpoint: string;
  /** Read per request: filled in once the pool exists (the pool is created through the shim). */
  pool: { userPoolId: string; clientId: string; issuer: string };
  /** Signs every token handed out (cognito-local's own key ships in its npm package). */
  signingKey: SigningKey;
  /** Requests under this path (`/admin/<secret>`) may use every action; all others only the user API. */
  adminPath: string;
  passwordMinLength: number;
  sessions: Sessions;
  accounts: Accounts;
  onGlobalSignOut?: (sub: string) => Promise<void>;
  /** The pool's custom authentication triggers, for CUSTOM_AUTH sign-ins (shim-custom-auth.ts); none: refused. */
  customAuth?: {
    invoke: (trigger: CustomAuthTrigger, event: Record<string, any>) => Promise<Record<string, any>>;
    accounts: CustomAuthAccounts;
  };
  logger?: Logger;
}

type Handler = (body: Record<string, any>, req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Failures to reach cognito-local over its socket (not of the request): see callUpstream. */
const TRANSPORT_FAILURES = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED', 'ENOENT', 'ETIMEDOUT']);

/**
 * The HTTP front of the embedded Cognito: supplies what cognito-local lacks (GetTokensFromRefreshToken,
 * GlobalSignOut, AdminUserGlobalSignOut, ResendConfirmationCode, custom authentication through the
 * pool's own triggers, the password length policy, Cognito's
 * sign-in error, CORS), holds Cognito's line where cognito-local is more forgiving (codes, code mails,
 * e-mail syntax and changes, user-existence errors: shim-codes.ts and rules.ts), answers every failure
 * in Cognito's error shape, and passes every other request through to cognito-local unchanged.
 */
export function createShim(options: ShimOptions): {
  handle(req: IncomingMessage, res: ServerResponse): void;
  close(): void;
} {
  const agent = new http.Agent({ keepAlive: true });
  const publicKey = importJWK(options.signingKey.publicJwk, 'RS256');
  const privateKey = importJWK(options.signingKey.privateJwk, 'RS256');

  /** The same claims (iat and exp included), signed with this stack's own key instead of cognito-local's. */
  const resign = async (token: string) =>
    new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'RS256', kid: options.signingKey.kid, typ: 'JWT' })
      .sign(await privateKey);
  const resignResult = async (answer: Record<string, any>): Promise<Record<string, any>> => {
    const result = answer.AuthenticationResult;
    if (!result?.AccessToken) return answer;
    return {
      ...answer,
      AuthenticationResult: {
        ...result,
        AccessToken: await resign(result.AccessToken),
        ...(result.IdToken ? { IdToken: await resign(result.IdToken) } : {}),
      },
    };
  };

  /**
   * One request to cognito-local (a kept-alive socket it closed is tried again: requestUpstream). A
   * failure to reach it is Cognito's InternalErrorException (a 500 the SDKs retry, as they retry
   * Cognito's own), reported to whoever runs the stack. The sender's input cannot cause one: it
   * reaches cognito-local as a body the shim wrote, or a stream only the admin path relays.
   */
  const callUpstream = async (req: IncomingMessage, body: Buffer | Readable, target?: string) => {
    const headers: OutgoingHttpHeaders = { ...req.headers, host: 'localhost' };
    delete headers.connection;
    if (target) headers['x-amz-target'] = TARGET_PREFIX + target;
    if (Buffer.isBuffer(body)) {
      delete headers['transfer-encoding'];
      headers['content-length'] = body.length;
    }
    try {
      return await requestUpstream(
        { socketPath: options.upstreamSocket, path: req.url ?? '/', method: req.method, headers, agent },
        body,
      );
    } catch (err) {
      if (!TRANSPORT_FAILURES.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
      (options.logger?.error ?? console.error)('cognito shim: cognito-local could not be reached:', err);
      throw new CognitoError('InternalErrorException', 'An internal error occurred.', 500);
    }
  };

  /**
   * An answer of cognito-local's that is not a success, as Cognito's error. Its own failures (a 5xx)
   * become Cognito's 400 for the sender, who learns nothing of the emulator, and are reported to
   * whoever runs the stack (the browser tests' log included), who needs to know why.
   */
  const upstreamFailure = (
    req: IncomingMessage,
    answer: { status: number; body: Record<string, any>; text?: string },
  ) => {
    // So is an answer without Cognito's error shape (an HTML page, an empty body), which the sender
    // only sees as 'The request could not be processed.'.
    if (answer.status >= 500 || typeof answer.body.message !== 'string') {
      const target = String(req.headers['x-amz-target'] ?? '').slice(TARGET_PREFIX.length) || req.url;
      (options.logger?.error ?? console.error)(
        `cognito shim: cognito-local answered ${target} with ${answer.status}:`,
        (answer.text ?? JSON.stringify(answer.body)).slice(0, 2_000),
      );
    }
    return upstreamError(answer);
  };

  const relay = async (req: IncomingMessage, res: ServerResponse, body: Buffer | Readable) => {
    const upstreamRes = await callUpstream(req, body);
    // cognito-local answers 500 to what it does not expect (a missing member, an unsupported
    // action); Cognito answers a bad request with a 400 and its error shape.
    if ((upstreamRes.statusCode ?? 502) >= 500) {
      throw upstreamFailure(req, {
        status: upstreamRes.statusCode ?? 502,
        body: parseAnswer((await readBody(upstreamRes)).toString('utf8')),
      });
    }
    await relayAnswer(upstreamRes, res, { ...relayedHeaders(upstreamRes), ...CORS });
  };

  /** Calls cognito-local with a JSON body and reads its JSON answer. */
  const call = async (req: IncomingMessage, target: string, body: unknown) => {
    const upstreamRes = await callUpstream(req, Buffer.from(JSON.stringify(body)), target);
    const text = (await readBody(upstreamRes)).toString('utf8');
    return { status: upstreamRes.statusCode ?? 502, body: parseAnswer(text), text };
  };

  const checkPassword = (password: unknown) => {
    if (typeof password === 'string' && [...password].length < options.passwordMinLength) {
      throw new CognitoError(
        'InvalidPasswordException',
        'Password did not conform with policy: Password not long enough',
      );
    }
  };

  const withPolicy =
    (passwordOf: (body: Record<string, any>) => unknown): Handler =>
    async (body, req, res) => {
      checkPassword(passwordOf(body));
      await relay(req, res, Buffer.from(JSON.stringify(body)));
    };

  /** Runs an auth call through cognito-local and gives its answer Cognito's shape. */
  const authenticate = async (req: IncomingMessage, body: Record<string, any>) => {
    await afterLastSignOutSecond();
    const answer = await call(req, 'InitiateAuth', body);
    if (
      answer.status === 200 &&
      answer.body.ChallengeName === 'NEW_PASSWORD_REQUIRED' &&
      body.AuthFlow === 'USER_PASSWORD_AUTH'
    ) {
      // cognito-local asks an account created by an admin (FORCE_CHANGE_PASSWORD) for a new password
      // without checking the one given; Cognito first checks it against the temporary password.
      const parameters = (body.AuthParameters ?? {}) as Record<string, unknown>;
      const matches = await options.sessions.passwordMatches(
        options.pool.userPoolId,
        String(parameters.USERNAME ?? ''),
        String(parameters.PASSWORD ?? ''),
      );
      if (!matches) throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
    }
    if (answer.status === 200) return withTokenShape(await resignResult(answer.body));
    // cognito-local answers a wrong password with InvalidPasswordException and an unknown user or
    // refresh token with a bare NotAuthorizedException; Cognito says NotAuthorizedException with these.
    const type = answer.body.__type;
    if (type === 'InvalidPasswordException' || type === 'NotAuthorizedException') {
      throw new CognitoError(
        'NotAuthorizedException',
        body.AuthFlow === 'USER_PASSWORD_AUTH' ? 'Incorrect username or password.' : 'Invalid Refresh Token',
      );
    }
    throw upstreamFailure(req, answer);
  };

  // cognito-local updates a group's member list by read-modify-write, so two membership changes at
  // once lose one. These operations never call a trigger, so queuing them cannot deadlock.
  const membershipQueue = createQueue();
  const oneAtATime: Handler = (body, req, res) =>
    membershipQueue(() => relay(req, res, Buffer.from(JSON.stringify(body))));

  // Cognito's global sign-out also revokes the access tokens already issued ("Access Token has been
  // revoked" from GetUser and every other call that takes one); cognito-local forgets only refresh
  // tokens. A token is revoked when it was issued (`iat`, whole seconds) in or before the sign-out's
  // second; so that a sign-in right after a sign-out is never taken for an older one, tokens are not
  // issued in the second of a sign-out (`afterLastSignOutSecond`). Kept in memory: after a restart, a
  // revoked access token works again with Cognito's own user API until it expires; the product's API
  // keeps its own session rule in the event store.
  const signedOutSecond = new Map<string, number>();
  let lastSignOutSecond = 0;
  const afterLastSignOutSecond = async () => {
    const now = Date.now();
    if (Math.floor(now / 1000) <= lastSignOutSecond)
      await new Promise((resolve) => setTimeout(resolve, (lastSignOutSecond + 1) * 1000 - now + 1));
  };
  const signOutEverywhere = async (userPoolId: string, sub: string) => {
    lastSignOutSecond = Math.floor(Date.now() / 1000);
    signedOutSecond.set(sub, lastSignOutSecond);
    await options.sessions.revokeRefreshTokens(userPoolId, sub);
    await options.onGlobalSignOut?.(sub);
  };

  const passThrough: Handler = (body, req, res) => relay(req, res, Buffer.from(JSON.stringify(body)));

  const custom = options.customAuth ? customAuth({ pool: options.pool, ...options.customAuth }) : undefined;
  /** A CUSTOM_AUTH round: refused where the pool has no such triggers, as Cognito refuses it. */
  const customRound = async (res: ServerResponse, round: () => Promise<Record<string, any>>) => {
    await afterLastSignOutSecond();
    sendJson(res, 200, withTokenShape(await resignResult(await round())));
  };
  const noCustomAuth = () =>
    new CognitoError('InvalidParameterException', 'Custom auth lambda trigger is not configured for the user pool.');

  const handlers: Record<string, Handler> = {
    ...codeHandlers({
      pool: options.pool,
      accounts: options.accounts,
      book: new CodeBook(),
      upstream: async (req, target, body) => {
        const answer = await call(req, target, body);
        if (answer.status !== 200) throw upstreamFailure(req, answer);
        return answer.body;
      },
      checkPassword,
      accessTokenSub: (token) => verifyAccessToken(token),
    }),
    AdminSetUserPassword: withPolicy((b) => b.Password),
    AdminCreateUser: async (body, req, res) => {
      checkEmails(body.Username, attributeList(body));
      await withPolicy((b) => b.TemporaryPassword)(body, req, res);
    },
    AdminUpdateUserAttributes: async (body, req, res) => {
      checkEmails(undefined, attributeList(body));
      await passThrough(body, req, res);
    },
    ChangePassword: withPolicy((b) => b.ProposedPassword),

    RespondToAuthChallenge: async (body, req, res) => {
      if (body.ChallengeName === 'CUSTOM_CHALLENGE') {
        if (!custom) throw noCustomAuth();
        return customRound(res, () => custom.respond(body));
      }
      checkPassword(body.ChallengeResponses?.NEW_PASSWORD);
      await afterLastSignOutSecond();
      const answer = await call(req, 'RespondToAuthChallenge', body);
      if (answer.status !== 200) throw upstreamFailure(req, answer);
      // cognito-local keeps only the refresh tokens InitiateAuth issues; without this one, a user who
      // had to set a new password could not refresh the session.
      const result = answer.body.AuthenticationResult;
      if (result?.RefreshToken) {
        const { sub } = decodeJwt(result.AccessToken);
        await options.sessions.keepRefreshToken(options.pool.userPoolId, sub!, result.RefreshToken);
      }
      sendJson(res, 200, withTokenShape(await resignResult(answer.body)));
    },

    AdminInitiateAuth: async (body, req, res) => {
      await afterLastSignOutSecond();
      const answer = await call(req, 'AdminInitiateAuth', body);
      if (answer.status !== 200) throw upstreamFailure(req, answer);
      sendJson(res, 200, withTokenShape(await resignResult(answer.body)));
    },

    AdminAddUserToGroup: oneAtATime,
    AdminRemoveUserFromGroup: oneAtATime,
    AdminDeleteUser: oneAtATime,
    DeleteUser: oneAtATime,
    DeleteGroup: oneAtATime,

    InitiateAuth: async (body, req, res) => {
      if (body.AuthFlow !== 'CUSTOM_AUTH') return sendJson(res, 200, await authenticate(req, body));
      if (!custom) throw noCustomAuth();
      await customRound(res, () => custom.initiate(body));
    },

    GetTokensFromRefreshToken: async (body, req, res) => {
      const { AuthenticationResult } = await authenticate(req, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: body.ClientId,
        AuthParameters: { REFRESH_TOKEN: body.RefreshToken },
        ClientMetadata: body.ClientMetadata,
      });
      const { AccessToken, IdToken, ExpiresIn, TokenType } = AuthenticationResult;
      sendJson(res, 200, {
        AuthenticationResult: { AccessToken, IdToken, ExpiresIn, TokenType, RefreshToken: body.RefreshToken },
      });
    },

    GlobalSignOut: async (body, _req, res) => {
      const sub = await verifyAccessToken(body.AccessToken);
      await signOutEverywhere(options.pool.userPoolId, sub);
      sendJson(res, 200, {});
    },

    AdminUserGlobalSignOut: async (body, _req, res) => {
      const sub = await options.sessions.findSub(body.UserPoolId, body.Username);
      if (!sub) throw new CognitoError('UserNotFoundException', 'User does not exist.');
      await signOutEverywhere(body.UserPoolId, sub);
      sendJson(res, 200, {});
    },
  };

  const verifyAccessToken = async (token: unknown): Promise<string> => {
    try {
      const { payload } = await jwtVerify(String(token), await publicKey, {
        issuer: options.pool.issuer,
        algorithms: ['RS256'],
      });
      if (payload.token_use !== 'access' || !payload.sub) throw new Error('not an access token');
      const revokedSecond = signedOutSecond.get(payload.sub);
      if (revokedSecond !== undefined && (payload.iat ?? 0) <= revokedSecond) {
        throw new CognitoError('NotAuthorizedException', 'Access Token has been revoked');
      }
      return payload.sub;
    } catch (err) {
      if (err instanceof CognitoError) throw err;
      const expired = err instanceof joseErrors.JWTExpired;
      throw new CognitoError('NotAuthorizedException', expired ? 'Access Token has expired' : 'Invalid Access Token');
    }
  };

  const discovery = (res: ServerResponse, userPoolId: string) => {
    const issuer = `${options.endpoint}/${userPoolId}`;
    sendJson(res, 200, {
      issuer,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      response_types_supported: ['code', 'token'],
    });
  };

  const route = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-max-age': '86400',
      });
      res.end();
      return;
    }
    const path = req.url?.split('?')[0] ?? '/';
    const admin = path === options.adminPath || path.startsWith(`${options.adminPath}/`);
    if (admin) req.url = req.url!.slice(options.adminPath.length) || '/';
    const wellKnown = /^\/([^/]+)\/\.well-known\/(openid-configuration|jwks\.json)$/.exec(
      admin ? (req.url!.split('?')[0] ?? '/') : path,
    );
    if (req.method === 'GET' && wellKnown?.[2] === 'openid-configuration') return discovery(res, wellKnown[1]!);
    if (req.method === 'GET' && wellKnown?.[2] === 'jwks.json')
      return sendJson(res, 200, { keys: [options.signingKey.publicJwk] }, { 'content-type': 'application/json' });

    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
    // cognito-local's other pages (its OAuth2 endpoints among them) are for the operator only.
    if (req.method !== 'POST' || !operation) {
      if (admin) return relay(req, res, req);
      throw new CognitoError('UnknownOperationException', 'Unknown operation', 404);
    }
    if (!admin && !PUBLIC_ACTIONS.has(operation)) {
      // Cognito refuses an unsigned administrative call the same way: it needs the operator's credentials.
      throw new CognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token', 403);
    }

    const text = (await readBody(req)).toString('utf8');
    let body: Record<string, any>;
    try {
      body = JSON.parse(text || '{}');
    } catch {
      throw new CognitoError('SerializationException', 'The request body is not valid JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new CognitoError('SerializationException', 'The request body is not a JSON object');
    if (ACCESS_TOKEN_ACTIONS.has(operation)) await verifyAccessToken(body.AccessToken);
    const handler = Object.hasOwn(handlers, operation) ? handlers[operation]! : passThrough;
    await handler(body, req, res);
  };

  return {
    handle(req, res) {
      route(req, res).catch((err: unknown) => {
        if (err instanceof CognitoError) return sendError(res, err.status, err.type, err.message);
        if (isCognitoLocalError(err)) return sendError(res, 400, err.code, err.message);
        // Whatever else went wrong was caused by the request as far as its sender can tell: Cognito's
        // shape and a 400, never a 500 that a client would retry or a scanner would flag.
        (options.logger?.error ?? console.error)('cognito shim: a request failed in the shim:', err);
        sendError(res, 400, 'InvalidParameterException', 'The request could not be processed.');
      });
    },
    close: () => agent.destroy(),
  };
}
