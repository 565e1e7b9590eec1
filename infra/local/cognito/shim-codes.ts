import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Accounts } from './accounts.js';
import type { CodeBook } from './codes.js';
import { CLIENT_SETTINGS } from './rules.js';
import { attributeList, checkEmails, emailDelivery, requireEmail, requireString } from './shim-input.js';
import { CognitoError, createQueue, sendJson } from './shim-wire.js';

type Handler = (body: Record<string, any>, req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface CodeHandlerDeps {
  /** Read per request: filled in once the pool exists. */
  pool: { userPoolId: string; clientId: string };
  accounts: Accounts;
  book: CodeBook;
  /** Calls cognito-local with this body: its JSON answer, or its error thrown as a CognitoError. */
  upstream(req: IncomingMessage, target: string, body: Record<string, any>): Promise<Record<string, any>>;
  checkPassword(password: unknown): void;
  /** The sub of a valid access token (NotAuthorizedException otherwise). */
  accessTokenSub(token: unknown): Promise<string>;
}

const canonical = (address: string) => address.trim().toLowerCase();
const metadataOf = (body: Record<string, any>) =>
  body.ClientMetadata && typeof body.ClientMetadata === 'object' && !Array.isArray(body.ClientMetadata)
    ? (body.ClientMetadata as Record<string, string>)
    : undefined;

const aliasExists = () => new CognitoError('AliasExistsException', 'An account with the given email already exists.');

/**
 * Cognito's rules for codes, messages and e-mail changes, which cognito-local leaves out: a code
 * expires, is single use, allows a few guesses, and a new one replaces the old; code messages are
 * throttled per user; user-existence errors are hidden (the app client's PreventUserExistenceErrors:
 * ENABLED); a new e-mail stays pending until its code comes back (AttributesRequireVerificationBeforeUpdate).
 */
export function codeHandlers(deps: CodeHandlerDeps): Record<string, Handler> {
  const { accounts, book } = deps;
  const poolId = () => deps.pool.userPoolId;
  // One e-mail decision at a time: "is the address free" and "make it pending/active" must not interleave.
  const emailQueue = createQueue();

  const requireClient = (body: Record<string, any>) => {
    const clientId = requireString(body, 'ClientId');
    if (clientId !== deps.pool.clientId)
      throw new CognitoError('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
    return clientId;
  };

  /** Cognito's key for a user: the sub, or (unknown users) the address asked for, limited alike. */
  const userKey = (account: { sub: string } | null, username: string) =>
    account ? account.sub : `unknown:${canonical(username)}`;

  return {
    SignUp: async (body, req, res) => {
      requireClient(body);
      checkEmails(requireString(body, 'Username'), attributeList(body));
      deps.checkPassword(requireString(body, 'Password'));
      const answer = await deps.upstream(req, 'SignUp', body);
      if (answer.UserConfirmed) {
        // The pool's PreSignUp confirms every sign-up, and Cognito then sends no sign-up code (server.ts
        // drops cognito-local's message); nor does a confirmed user keep one.
        await accounts.setCode(poolId(), answer.UserSub, 'ConfirmationCode', undefined);
        delete answer.CodeDeliveryDetails;
      } else {
        const account = await accounts.find(poolId(), answer.UserSub);
        const code = await accounts.storedCode(poolId(), answer.UserSub);
        if (account?.email && code) book.issue(`signup:${account.sub}`, code, account.email);
        if (account?.email) answer.CodeDeliveryDetails = emailDelivery(account.email);
      }
      sendJson(res, 200, answer);
    },

    ForgotPassword: async (body, _req, res) => {
      const clientId = requireClient(body);
      const username = requireString(body, 'Username');
      const account = await accounts.find(poolId(), username);
      book.noteMessage(`mail:${userKey(account, username)}`);
      // Unknown, disabled or unverified: Cognito answers with a simulated delivery and sends nothing.
      if (!account?.enabled || !account.emailVerified || !account.email) {
        return sendJson(res, 200, { CodeDeliveryDetails: emailDelivery(username) });
      }
      const code = accounts.newCode();
      await accounts.deliver({
        userPoolId: poolId(),
        clientId,
        sub: account.sub,
        source: 'ForgotPassword',
        code,
        destination: account.email,
        clientMetadata: metadataOf(body),
      });
      await accounts.setCode(poolId(), account.sub, 'ConfirmationCode', code);
      book.issue(`forgot:${account.sub}`, code, account.email);
      sendJson(res, 200, { CodeDeliveryDetails: emailDelivery(account.email) });
    },

    ConfirmForgotPassword: async (body, req, res) => {
      requireClient(body);
      const username = requireString(body, 'Username');
      requireString(body, 'ConfirmationCode');
      deps.checkPassword(requireString(body, 'Password'));
      const account = await accounts.find(poolId(), username);
      // An unknown user gets CodeMismatchException, and the same lock-out, like a known one.
      const key = `forgot:${userKey(account, username)}`;
      book.check(key, body.ConfirmationCode);
      const answer = await deps.upstream(req, 'ConfirmForgotPassword', body);
      book.consume(key);
      sendJson(res, 200, answer);
    },

    ConfirmSignUp: async (body, req, res) => {
      requireClient(body);
      const username = requireString(body, 'Username');
      requireString(body, 'ConfirmationCode');
      const account = await accounts.find(poolId(), username);
      if (account?.confirmed)
        throw new CognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED');
      const key = `signup:${userKey(account, username)}`;
      book.check(key, body.ConfirmationCode);
      const answer = await deps.upstream(req, 'ConfirmSignUp', body);
      book.consume(key);
      sendJson(res, 200, answer);
    },

    // cognito-local has no ResendConfirmationCode (it answered 500).
    ResendConfirmationCode: async (body, _req, res) => {
      const clientId = requireClient(body);
      const username = requireString(body, 'Username');
      const account = await accounts.find(poolId(), username);
      book.noteMessage(`mail:${userKey(account, username)}`);
      if (!account?.email) return sendJson(res, 200, { CodeDeliveryDetails: emailDelivery(username) });
      if (account.confirmed) throw new CognitoError('InvalidParameterException', 'User is already confirmed.');
      const code = accounts.newCode();
      await accounts.deliver({
        userPoolId: poolId(),
        clientId,
        sub: account.sub,
        source: 'ResendCode',
        code,
        destination: account.email,
        clientMetadata: metadataOf(body),
      });
      await accounts.setCode(poolId(), account.sub, 'ConfirmationCode', code);
      book.issue(`signup:${account.sub}`, code, account.email);
      sendJson(res, 200, { CodeDeliveryDetails: emailDelivery(account.email) });
    },

    UpdateUserAttributes: async (body, req, res) => {
      const sub = await deps.accessTokenSub(body.AccessToken);
      const attributes = attributeList(body);
      // email_verified is not the user's to write: only a code sent to the address proves it.
      if (attributes.some((a) => !(CLIENT_SETTINGS.writeAttributes as readonly string[]).includes(a.Name))) {
        throw new CognitoError('NotAuthorizedException', 'A client attempted to write unauthorized attribute');
      }
      const email = attributes.find((a) => a.Name === 'email');
      const others = attributes.filter((a) => a.Name !== 'email');
      const answer = await emailQueue(async () => {
        let pending: string | null = null;
        if (email) {
          const address = requireEmail(email.Value);
          const account = await accounts.find(poolId(), sub);
          if (!account) throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
          if (account.email && canonical(account.email) === canonical(address)) {
            await accounts.setPendingEmail(poolId(), sub, null);
          } else {
            if (await accounts.emailTaken(poolId(), address, sub)) throw aliasExists();
            book.noteMessage(`mail:${sub}`);
            pending = address;
          }
        }
        if (others.length > 0) await deps.upstream(req, 'UpdateUserAttributes', { ...body, UserAttributes: others });
        if (!pending) return { CodeDeliveryDetailsList: [] };
        // The old address stays active and verified; the code goes to the new one.
        await accounts.setPendingEmail(poolId(), sub, pending);
        const code = accounts.newCode();
        await accounts.deliver({
          userPoolId: poolId(),
          clientId: deps.pool.clientId,
          sub,
          source: 'UpdateUserAttribute',
          code,
          destination: pending,
          clientMetadata: metadataOf(body),
        });
        book.issue(`verify:${sub}`, code, pending);
        return { CodeDeliveryDetailsList: [emailDelivery(pending)] };
      });
      sendJson(res, 200, answer);
    },

    GetUserAttributeVerificationCode: async (body, _req, res) => {
      const sub = await deps.accessTokenSub(body.AccessToken);
      if (requireString(body, 'AttributeName') !== 'email')
        throw new CognitoError('InvalidParameterException', 'Only the email attribute can be verified.');
      const account = await accounts.find(poolId(), sub);
      if (!account) throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
      // While a change is pending the code proves the new address, as Cognito's does.
      const destination = account.pendingEmail ?? account.email;
      if (!destination) throw new CognitoError('InvalidParameterException', 'User has no email to verify.');
      book.noteMessage(`mail:${sub}`);
      const code = accounts.newCode();
      await accounts.deliver({
        userPoolId: poolId(),
        clientId: deps.pool.clientId,
        sub,
        source: 'VerifyUserAttribute',
        code,
        destination,
        clientMetadata: metadataOf(body),
      });
      book.issue(`verify:${sub}`, code, destination);
      sendJson(res, 200, { CodeDeliveryDetails: emailDelivery(destination) });
    },

    VerifyUserAttribute: async (body, _req, res) => {
      const sub = await deps.accessTokenSub(body.AccessToken);
      if (requireString(body, 'AttributeName') !== 'email')
        throw new CognitoError('InvalidParameterException', 'Only the email attribute can be verified.');
      requireString(body, 'Code');
      await emailQueue(async () => {
        const destination = book.check(`verify:${sub}`, body.Code);
        const account = await accounts.find(poolId(), sub);
        if (!account) throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
        if (destination === account.pendingEmail) {
          if (await accounts.emailTaken(poolId(), destination, sub)) throw aliasExists();
        } else if (destination !== account.email) {
          // The address changed since the code was sent: it proves nothing any more.
          throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
        }
        await accounts.verifyEmail(poolId(), sub, destination);
        book.consume(`verify:${sub}`);
      });
      sendJson(res, 200, {});
    },
  };
}
