import {
  CognitoIdentityProviderClient,
  GetUserAttributeVerificationCodeCommand,
  InitiateAuthCommand,
  SignUpCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { startLocal, type LocalRuntime } from '../../infra/local/runtime.js';
import { readAll } from '../../functions/platform/event-store/event-log.js';
import type { Answer, Method, ResponseOf } from './api-routes.js';

export interface TestUser {
  email: string;
  idToken: string;
  sub: string;
  /** For Cognito's own user API (the verification code). */
  accessToken?: string;
  /** The password it signed in with, to sign in again after its sessions end. */
  password?: string;
}

/** The password every test client signs up with. */
export const CLIENT_PASSWORD = 'CorrectHorse#2026';

let counter = 0;
export const uniqueEmail = (prefix = 'client') =>
  `${prefix}.${Date.now().toString(36)}.${(counter += 1)}.${process.pid}@example.test`;

/** The embedded stack in memory on random ports, with helpers to act as its users. */
export class TestStack {
  private constructor(readonly local: LocalRuntime) {}

  static async start(
    options: {
      dataDir?: string;
      host?: string;
      heartbeatMs?: number;
      port?: number;
      publicUrl?: string;
      webDir?: string;
      apiThrottle?: boolean;
    } = {},
  ): Promise<TestStack> {
    return new TestStack(await startLocal({ port: 0, quiet: true, sweepEveryMs: 60_000, ...options }));
  }

  get url() {
    return this.local.url;
  }

  private cognitoClient() {
    return new CognitoIdentityProviderClient({
      endpoint: this.local.cognito.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }

  async signIn(email: string, password: string): Promise<TestUser> {
    const result = await this.cognitoClient().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: this.local.cognito.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const idToken = result.AuthenticationResult!.IdToken!;
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
    return { email, idToken, sub, accessToken: result.AuthenticationResult!.AccessToken!, password };
  }

  /** The newest Cognito code mailed to `email` (the local outbox), as the user reads it. */
  async latestCode(email: string): Promise<string> {
    const mails = (await this.local.outbox.list(email))
      .filter((mail) => mail.tag === 'cognito')
      .sort((a, b) => (a.sentAt < b.sentAt ? 1 : -1));
    const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`No code mailed to ${email}`);
    return code;
  }

  /**
   * Proves the user's address as the SPA's dialog does: Cognito mails a code, the user types it,
   * the product records the first proof (which ends every earlier session) and the user signs in
   * again. Returns the new session.
   */
  async proveEmail(user: TestUser): Promise<TestUser> {
    await this.recordEmailProof(user);
    return this.signIn(user.email, user.password ?? CLIENT_PASSWORD);
  }

  /**
   * Cognito's code, then the product's record of the proof, as the SPA's dialog sends them. Returns
   * the record's answer (its body: the proving session's one-time sign-in answer among it).
   */
  async recordEmailProof(user: TestUser): Promise<Record<string, any>> {
    const client = this.cognitoClient();
    await client.send(
      new GetUserAttributeVerificationCodeCommand({ AccessToken: user.accessToken!, AttributeName: 'email' }),
    );
    await client.send(
      new VerifyUserAttributeCommand({
        AccessToken: user.accessToken!,
        AttributeName: 'email',
        Code: await this.latestCode(user.email),
      }),
    );
    const recorded = await this.api('POST', '/api/me/email-proof', { user });
    if (recorded.status !== 200)
      throw new Error(`email-proof answered ${recorded.status}: ${JSON.stringify(recorded.body)}`);
    return recorded.body as Record<string, any>;
  }

  /** A client whose address is proven (signed up, code confirmed, signed in again). */
  async provenClient(attributes: Record<string, string> = {}, email = uniqueEmail()): Promise<TestUser> {
    return this.proveEmail(await this.signUpClient(attributes, email));
  }

  /** Signs a new client up through Cognito (triggers and all), waits for the projections, signs in. */
  async signUpClient(attributes: Record<string, string> = {}, email = uniqueEmail()): Promise<TestUser> {
    const password = CLIENT_PASSWORD;
    await this.cognitoClient().send(
      new SignUpCommand({
        ClientId: this.local.cognito.clientId,
        Username: email,
        Password: password,
        UserAttributes: Object.entries({ email, name: 'Test Client', ...attributes }).map(([Name, Value]) => ({
          Name,
          Value,
        })),
      }),
    );
    await this.local.settle();
    return this.signIn(email, password);
  }

  admin() {
    return this.signIn(this.local.seeded.admin.email, this.local.seeded.admin.password);
  }

  designer() {
    return this.signIn(this.local.seeded.designer.email, this.local.seeded.designer.password);
  }

  /**
   * Calls the API as `user`. The answer's body is typed by the route's contract (tests/support/
   * api-routes.ts), so a test that reads a field the contract lacks does not compile. The request
   * body stays `unknown`: the attack and fuzz suites send what no contract allows.
   */
  async api<M extends Method, P extends string>(
    method: M,
    path: P,
    options: { user?: TestUser; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<ResponseOf<M, P>>> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...options.headers,
        ...(options.user ? { authorization: `Bearer ${options.user.idToken}` } : {}),
        ...(options.body !== undefined || options.rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: response.status, body: body as Answer<ResponseOf<M, P>>['body'] };
  }

  /** Counts every event in the store (authorization and fuzz suites check refusals append nothing). */
  async eventCount(): Promise<number> {
    let count = 0;
    for await (const commit of readAll(this.local.runtime.store)) count += commit.events.length;
    return count;
  }

  settle() {
    return this.local.settle();
  }

  stop() {
    return this.local.stop();
  }
}

export const LONG_DESCRIPTION =
  'We are converting a 1960s ranch house into an open-plan family home. The kitchen wall between the dining room and ' +
  'the kitchen comes out, ' +
  ('the pantry becomes a mudroom with built-in storage, and the primary bathroom gets a curbless shower. We want ' +
    'warm ' +
    'oak, matte black fixtures, ') +
  'and plenty of daylight. Please plan the layout first and show two options for the island.';

export const minimalProject = (overrides: Record<string, unknown> = {}) => ({
  title: 'Ranch house refresh',
  project_category: 'Design',
  project_type: 'Concept Design',
  property_type: 'single_family',
  deliverables: ['Layout Plan', 'Concept Render'],
  description: LONG_DESCRIPTION,
  design_priority: ['Layout Optimization'],
  area_sqft: 1850,
  existing_plans: false,
  permit_needs: null,
  room_selection: ['Kitchen'],
  room_notes: null,
  inspiration_links: [],
  checklist: [
    { task_name: 'Site measurements review', estimated_hours: 2 },
    { task_name: 'Layout options', estimated_hours: 4.5 },
  ],
  total_estimated_hours: 6.5,
  estimated_turnaround_days: 3,
  ...overrides,
});
