import type { RunningCognitoLocal } from './server.js';
import type { User } from './cognito-local.js';

type Attributes = NonNullable<User['Attributes']>;

/** A user as the shim's code and e-mail rules see one. */
export interface Account {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  confirmed: boolean;
  enabled: boolean;
  /** A new e-mail waiting for its code (Cognito's pending attribute update). */
  pendingEmail: string | null;
}

export type CodeField = 'ConfirmationCode' | 'AttributeVerificationCode';
export type MessageSource = 'ForgotPassword' | 'ResendCode' | 'UpdateUserAttribute' | 'VerifyUserAttribute';

/** What the shim does straight on cognito-local's user records (its HTTP API has no such actions). */
export interface Accounts {
  /** By user name, e-mail or sub, as cognito-local's own lookups match (null: no such user). */
  find(userPoolId: string, username: string): Promise<Account | null>;
  /** Whether another user has this address (case-insensitive), active or pending. */
  emailTaken(userPoolId: string, email: string, exceptSub: string): Promise<boolean>;
  /** Stores (or clears) the code cognito-local's own ConfirmForgotPassword / ConfirmSignUp compare. */
  setCode(userPoolId: string, sub: string, field: CodeField, code: string | undefined): Promise<void>;
  /** The sign-up code cognito-local stored itself (a sign-up left unconfirmed). */
  storedCode(userPoolId: string, sub: string): Promise<string | undefined>;
  setPendingEmail(userPoolId: string, sub: string, email: string | null): Promise<void>;
  /** The address is proven: it becomes the e-mail (if it was pending), verified. */
  verifyEmail(userPoolId: string, sub: string, email: string): Promise<void>;
  /** Sends a code through cognito-local's messages (the CustomMessage trigger, then the outbox). */
  deliver(input: {
    userPoolId: string;
    clientId: string | null;
    sub: string;
    source: MessageSource;
    code: string;
    destination: string;
    clientMetadata?: Record<string, string>;
  }): Promise<void>;
  newCode(): string;
}

const value = (attributes: Attributes, name: string) => attributes.find((a) => a.Name === name)?.Value ?? null;
const lower = (email: string) => email.trim().toLowerCase();

export function cognitoLocalAccounts({ services, ctx }: RunningCognitoLocal): Accounts {
  const pool = (userPoolId: string) => services.cognito.getUserPool(ctx, userPoolId);
  const user = async (userPoolId: string, username: string) =>
    (await pool(userPoolId)).getUserByUsername(ctx, username);
  const update = async (userPoolId: string, sub: string, change: (user: User) => User) => {
    const userPool = await pool(userPoolId);
    const found = await userPool.getUserByUsername(ctx, sub);
    if (found) await userPool.saveUser(ctx, { ...change(found), UserLastModifiedDate: services.clock.get() });
  };
  const pendingOf = (found: User) => value(found.UnverifiedAttributeChanges ?? [], 'email');

  return {
    async find(userPoolId, username) {
      const found = await user(userPoolId, username);
      if (!found) return null;
      return {
        sub: value(found.Attributes, 'sub') ?? found.Username,
        email: value(found.Attributes, 'email'),
        emailVerified: value(found.Attributes, 'email_verified') === 'true',
        confirmed: found.UserStatus === 'CONFIRMED',
        enabled: found.Enabled !== false,
        pendingEmail: pendingOf(found),
      };
    },
    async emailTaken(userPoolId, email, exceptSub) {
      const wanted = lower(email);
      const users = await (await pool(userPoolId)).listUsers(ctx);
      return users.some((other) => {
        if (value(other.Attributes, 'sub') === exceptSub) return false;
        const active = value(other.Attributes, 'email');
        const pending = pendingOf(other);
        return (active !== null && lower(active) === wanted) || (pending !== null && lower(pending) === wanted);
      });
    },
    setCode: (userPoolId, sub, field, code) => update(userPoolId, sub, (found) => ({ ...found, [field]: code })),
    storedCode: async (userPoolId, sub) => (await user(userPoolId, sub))?.ConfirmationCode,
    setPendingEmail: (userPoolId, sub, email) =>
      update(userPoolId, sub, (found) => ({
        ...found,
        UnverifiedAttributeChanges: email ? [{ Name: 'email', Value: email }] : undefined,
      })),
    verifyEmail: (userPoolId, sub, email) =>
      update(userPoolId, sub, (found) => ({
        ...found,
        Attributes: [
          ...found.Attributes.filter((a) => a.Name !== 'email' && a.Name !== 'email_verified'),
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
        UnverifiedAttributeChanges: undefined,
        AttributeVerificationCode: undefined,
      })),
    async deliver({ userPoolId, clientId, sub, source, code, destination, clientMetadata }) {
      const found = await user(userPoolId, sub);
      if (!found) return;
      // The message is written for the address it goes to (CustomMessage reads `email`).
      const addressed = {
        ...found,
        Attributes: [...found.Attributes.filter((a) => a.Name !== 'email'), { Name: 'email', Value: destination }],
      };
      await services.messages.deliver(ctx, source, clientId, userPoolId, addressed, code, clientMetadata, {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: destination,
      });
    },
    newCode: () => services.otp(),
  };
}
