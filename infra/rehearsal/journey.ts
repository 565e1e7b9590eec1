import {
  CognitoIdentityProviderClient,
  GetUserAttributeVerificationCodeCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import WebSocket from 'ws';
import type { SentMail } from '../../functions/platform/mail/types.js';

/**
 * One client's whole journey, as the SPA drives it, against any running product: the rehearsal of an
 * assembly, or the embedded runtime (for the comparison). Each step asserts what it needs and throws
 * with what it saw; `runJourney` records the steps and their times.
 */
export interface JourneyTarget {
  url: string;
  /** Cognito's user API (SignUp, InitiateAuth, …) and the app client's id. */
  cognitoEndpoint: string;
  clientId: string;
  outbox(to: string): Promise<SentMail[]>;
  settle(): Promise<void>;
  /** The studio's admin and designer (an operator's `npm run admin:add` and designer seed). */
  team(): Promise<{ admin: Credentials; designer: Credentials }>;
  /** Runs every schedule once now (EventBridge Scheduler at its next time): the flush sends held-back mail. */
  fireSchedules(): Promise<void>;
  /**
   * Where `npm run replay -- --verify` reads (env EVENTS_TABLE, VIEWS_TABLE, DYNAMODB_ENDPOINT) and opens
   * personal fields (KEYS_TABLE, KMS_KEY_ID, KMS_ENDPOINT).
   */
  tables: { endpoint: string; events: string; views: string; keys: string; kmsKeyId: string; kmsEndpoint: string };
  /** Describes a request that went wrong (the route, its function, the function's last log lines). */
  explain?(method: string, path: string): string;
}

interface Credentials {
  email: string;
  password: string;
}

interface User {
  email: string;
  password: string;
  idToken: string;
  accessToken: string;
  sub: string;
}

export interface JourneyStep {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

export interface JourneyOutcome {
  ok: boolean;
  steps: JourneyStep[];
  failedStep?: string;
  error?: string;
  /** The client's final views, for comparing two runs: the project's detail and its board card. */
  views?: { detail: unknown; card: unknown; review: unknown };
  /** Live messages the client's second browser heard, per step. */
  heard: Record<string, number>;
  mails: string[];
}

const PASSWORD = 'CorrectHorse#2026';
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const DESCRIPTION =
  'We are converting a 1960s ranch house into an open-plan family home. The kitchen wall between the dining room and ' +
  'the kitchen comes out, ' +
  ('the pantry becomes a mudroom with built-in storage, and the primary bathroom gets a curbless shower. We want ' +
    'warm ' +
    'oak, matte black fixtures, ') +
  'and plenty of daylight. Please plan the layout first and show two options for the island.';

class StepError extends Error {}

export async function runJourney(
  target: JourneyTarget,
  log: (line: string) => void = () => undefined,
): Promise<JourneyOutcome> {
  const steps: JourneyStep[] = [];
  const heard: Record<string, number> = {};
  const live: string[] = [];
  let socket: WebSocket | undefined;
  const cognito = new CognitoIdentityProviderClient({
    endpoint: target.cognitoEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'viewer', secretAccessKey: 'viewer' },
  });
  const email = `journey.${Date.now().toString(36)}@example.test`;
  let client!: User;
  let admin!: User;
  let designer!: User;
  let projectId = '';
  let deliverableId = '';
  let current = '';

  const api = async (user: User | undefined, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${target.url}${path}`, {
      method,
      headers: {
        ...(user ? { authorization: `Bearer ${user.idToken}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let parsed: any;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  };
  const expectStatus = async (user: User | undefined, method: string, path: string, body: unknown, status: number) => {
    const answer = await api(user, method, path, body);
    if (answer.status !== status) {
      const explanation = target.explain ? ` — ${target.explain(method, path)}` : '';
      throw new StepError(
        `${method} ${path} answered ${answer.status} (expected ${status}): ` +
          `${JSON.stringify(answer.body).slice(0, 300)}${explanation}`,
      );
    }
    return answer.body;
  };
  const signIn = async (who: Credentials): Promise<User> => {
    const result = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: target.clientId,
        AuthParameters: { USERNAME: who.email, PASSWORD: who.password },
      }),
    );
    const idToken = result.AuthenticationResult!.IdToken!;
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
    return { ...who, idToken, accessToken: result.AuthenticationResult!.AccessToken!, sub };
  };
  const upload = async (user: User, name: string, fileType: 'client_upload' | 'deliverable', versionOf?: string) => {
    const presigned = await expectStatus(
      user,
      'POST',
      `/api/projects/${projectId}/uploads`,
      { file_name: name, content_type: 'application/pdf', file_size: PDF.length, file_type: fileType },
      201,
    );
    const form = new FormData();
    for (const [field, value] of Object.entries(presigned.upload.fields as Record<string, string>))
      form.append(field, value);
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), name);
    const posted = await fetch(presigned.upload.url, { method: 'POST', body: form });
    if (posted.status >= 300)
      throw new StepError(
        `the presigned POST to ${presigned.upload.url} ` +
          `answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`,
      );
    return expectStatus(
      user,
      'POST',
      `/api/projects/${projectId}/files`,
      { key: presigned.key, ...(versionOf ? { version_of: versionOf } : {}) },
      201,
    );
  };
  const mailsTo = async (to: string, pattern: RegExp) =>
    (await target.outbox(to)).filter((mail) => pattern.test(mail.subject) || pattern.test(mail.text));

  const step = async (name: string, work: () => Promise<void>, options: { live?: boolean } = {}) => {
    current = name;
    const started = Date.now();
    const before = live.length;
    try {
      await work();
      await target.settle();
      if (options.live) {
        heard[name] = live.length - before;
        if (heard[name] === 0) throw new StepError(`the client's second browser heard nothing of "${name}"`);
      }
      steps.push({ name, ok: true, ms: Date.now() - started });
      log(`  ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      steps.push({ name, ok: false, ms: Date.now() - started, error: String((error as Error).message ?? error) });
      throw error;
    }
  };

  try {
    await step('the client signs up and proves the address', async () => {
      await cognito.send(
        new SignUpCommand({
          ClientId: target.clientId,
          Username: email,
          Password: PASSWORD,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'name', Value: 'Cleo Client' },
          ],
        }),
      );
      await target.settle();
      client = await signIn({ email, password: PASSWORD });
      await cognito.send(
        new GetUserAttributeVerificationCodeCommand({ AccessToken: client.accessToken, AttributeName: 'email' }),
      );
      const code = /\b(\d{6})\b/.exec((await mailsTo(email, /code/i)).at(-1)?.text ?? '')?.[1];
      if (!code) throw new StepError(`no verification code was mailed to ${email}`);
      await cognito.send(
        new VerifyUserAttributeCommand({ AccessToken: client.accessToken, AttributeName: 'email', Code: code }),
      );
      const proof = await expectStatus(client, 'POST', '/api/me/email-proof', undefined, 200);
      if (typeof proof?.sign_in_answer !== 'string')
        throw new StepError(`the first proof answered no one-time answer: ${JSON.stringify(proof).slice(0, 200)}`);
      // The proving session signs in again with the proof's answer (the custom challenge's triggers), as the SPA does.
      const started = await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'CUSTOM_AUTH',
          ClientId: target.clientId,
          AuthParameters: { USERNAME: email },
        }),
      );
      const answered = await cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId: target.clientId,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: started.Session,
          ChallengeResponses: {
            USERNAME: started.ChallengeParameters?.USERNAME ?? email,
            ANSWER: proof.sign_in_answer,
          },
        }),
      );
      const idToken = answered.AuthenticationResult?.IdToken;
      if (!idToken) throw new StepError('the one-time answer signed nobody in');
      client = { ...client, idToken, accessToken: answered.AuthenticationResult!.AccessToken! };
      await target.settle();
      const me = await expectStatus(client, 'GET', '/api/me', undefined, 200);
      if (me.user?.email !== email) throw new StepError(`/api/me answered ${JSON.stringify(me).slice(0, 200)}`);
    });
    await step('the client subscribes through the checkout and the webhook', async () => {
      const checkout = await expectStatus(client, 'POST', '/api/billing/checkout', { tier: 'pro_builder' }, 200);
      if (typeof checkout?.url !== 'string')
        throw new StepError(`the checkout answered no URL: ${JSON.stringify(checkout).slice(0, 200)}`);
      // The payer's "pay" on the hosted checkout page; the provider then sends its signed events.
      const paid = await fetch(`${checkout.url}/pay`, { method: 'POST', redirect: 'manual' });
      if (paid.status < 300 || paid.status >= 400)
        throw new StepError(`paying at ${checkout.url} answered ${paid.status}: ${(await paid.text()).slice(0, 300)}`);
      await target.settle();
      const subscription = await expectStatus(client, 'GET', '/api/billing/subscription', undefined, 200);
      if (!subscription?.subscribed || subscription.tier !== 'pro_builder' || subscription.status !== 'active')
        throw new StepError(`after paying, the subscription reads ${JSON.stringify(subscription).slice(0, 300)}`);
    });
    await step('the studio team signs in', async () => {
      const team = await target.team();
      admin = await signIn(team.admin);
      designer = await signIn(team.designer);
      await expectStatus(admin, 'GET', '/api/users', undefined, 200);
    });
    await step("the client's second browser connects", async () => {
      socket = new WebSocket(`${target.url.replace(/^http/, 'ws')}/realtime?token=${client.idToken}`);
      socket.on('message', (data) => live.push(data.toString()));
      await new Promise<void>((resolveOpen, reject) => {
        socket!.once('open', () => resolveOpen());
        socket!.once('unexpected-response', (_req, res) =>
          reject(new StepError(`the WebSocket upgrade was refused with ${res.statusCode}`)),
        );
        socket!.once('error', (error) => reject(new StepError(`the WebSocket failed: ${error.message}`)));
      });
    });
    const brief = {
      title: 'Ranch house refresh',
      project_category: 'Design',
      project_type: 'Concept Design',
      property_type: 'single_family',
      deliverables: ['Layout Plan', 'Concept Render'],
      description: DESCRIPTION,
      design_priority: ['Layout Optimization'],
      area_sqft: 1850,
      permit_needs: null,
      room_selection: ['Kitchen'],
    };
    let estimate: any;
    await step('the client gets the AI checklist', async () => {
      estimate = await expectStatus(
        client,
        'POST',
        '/api/checklists',
        {
          ...brief,
          ceiling_height: 9.5,
          preferred_materials: 'White oak, honed marble',
          project_address: null,
          lot_area: null,
          zoning_permit_type: null,
          requires_city_review: null,
        },
        200,
      );
      if (!estimate?.checklist?.length)
        throw new StepError(`the checklist came back empty: ${JSON.stringify(estimate).slice(0, 200)}`);
    });
    await step(
      'the client submits a project with a PDF',
      async () => {
        const checklist = (estimate.checklist as { task: string; estimated_hours: number }[]).map((task) => ({
          task_name: task.task,
          estimated_hours: task.estimated_hours,
        }));
        const created = await expectStatus(
          client,
          'POST',
          '/api/projects',
          {
            ...brief,
            existing_plans: false,
            room_notes: null,
            inspiration_links: [],
            checklist,
            total_estimated_hours: estimate.total_estimated_hours,
            estimated_turnaround_days: estimate.suggested_turnaround_days,
            grok_generated: true,
            estimate_receipt: estimate.estimate_receipt,
          },
          201,
        );
        projectId = created.project.id;
        await upload(client, 'Site survey.pdf', 'client_upload');
      },
      { live: true },
    );
    await step(
      'the admin assigns the designer',
      async () => {
        await expectStatus(
          admin,
          'PATCH',
          `/api/projects/${projectId}`,
          { designer: { designer_id: designer.sub }, status: 'delivered' },
          200,
        );
      },
      { live: true },
    );
    await step(
      'the designer uploads a deliverable',
      async () => {
        deliverableId = (await upload(designer, 'Floor plan.pdf', 'deliverable')).file.id;
      },
      { live: true },
    );
    await step(
      'the client pins a note and requests changes',
      async () => {
        await expectStatus(
          client,
          'POST',
          `/api/projects/${projectId}/reviews`,
          {
            action: 'pin_note',
            deliverable_id: deliverableId,
            version: 1,
            page: 1,
            x: 0.25,
            y: 0.5,
            text: 'Move the island 2 ft left',
          },
          201,
        );
        await expectStatus(
          client,
          'POST',
          `/api/projects/${projectId}/reviews`,
          { action: 'request_changes', deliverable_id: deliverableId, version: 1, summary: 'One change, see the pin' },
          200,
        );
      },
      { live: true },
    );
    await step(
      'the designer uploads v2',
      async () => {
        await upload(designer, 'Floor plan v2.pdf', 'deliverable', deliverableId);
      },
      { live: true },
    );
    await step(
      'the client approves v2',
      async () => {
        await expectStatus(
          client,
          'POST',
          `/api/projects/${projectId}/reviews`,
          { action: 'approve', deliverable_id: deliverableId, version: 2 },
          200,
        );
      },
      { live: true },
    );
    const mails: string[] = [];
    await step('the notifications went out by e-mail', async () => {
      await target.fireSchedules();
      await target.settle();
      for (const who of [client, designer, admin])
        for (const mail of await target.outbox(who.email))
          if (mail.tag !== 'cognito') mails.push(`${who.email}: ${mail.subject}`);
      if (!mails.some((line) => line.startsWith(designer.email)))
        throw new StepError(`no notification e-mail reached the designer (mails: ${mails.join('; ') || 'none'})`);
      if (!mails.some((line) => line.startsWith(client.email)))
        throw new StepError(`no notification e-mail reached the client (mails: ${mails.join('; ') || 'none'})`);
    });
    let views: JourneyOutcome['views'];
    await step('the views answer the final state', async () => {
      const detail = (await expectStatus(client, 'GET', `/api/projects/${projectId}`, undefined, 200)).project;
      const card = (
        (await expectStatus(client, 'GET', '/api/projects', undefined, 200)).projects as { id: string }[]
      ).find((p) => p.id === projectId);
      const review = await expectStatus(client, 'GET', `/api/projects/${projectId}/reviews`, undefined, 200);
      if (!card) throw new StepError('the board does not show the project');
      if (!detail?.review_summary?.approved_by_client)
        throw new StepError(`the project is not approved: ${JSON.stringify(detail?.review_summary)}`);
      views = { detail, card, review };
    });
    await step('npm run replay -- --verify passes on the tables', async () => {
      // Asynchronously: the tables may be served by this very process (the rehearsal's dynalite).
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', resolve(import.meta.dirname, '../../bin/replay.ts'), '--verify'],
        {
          env: {
            ...process.env,
            EVENTS_TABLE: target.tables.events,
            VIEWS_TABLE: target.tables.views,
            DYNAMODB_ENDPOINT: target.tables.endpoint,
            KEYS_TABLE: target.tables.keys,
            KMS_KEY_ID: target.tables.kmsKeyId,
            KMS_ENDPOINT: target.tables.kmsEndpoint,
            AWS_REGION: 'us-east-1',
            AWS_ACCESS_KEY_ID: 'local',
            AWS_SECRET_ACCESS_KEY: 'local',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((done) => child.on('close', done));
      if (code !== 0) throw new StepError(`replay --verify exited ${code}: ${output.slice(-800)}`);
    });
    await step('the client deletes their account: the synthesized erasure runs', async () => {
      await expectStatus(client, 'POST', '/api/me/erasure', { email: client.email, password: client.password }, 202);
      await target.settle();
      const log = await expectStatus(admin, 'GET', '/api/admin/erasures', undefined, 200);
      const entry = (log.erasures as { user_id: string; status: string }[]).find((row) => row.user_id === client.sub);
      if (entry?.status !== 'done') throw new StepError(`the erasure is not done: ${JSON.stringify(entry)}`);
      const detail = (await expectStatus(admin, 'GET', `/api/projects/${projectId}`, undefined, 200)).project;
      if (detail.title !== 'Erased project') throw new StepError(`the project still reads "${detail.title}"`);
      if ((await api(client, 'GET', '/api/me')).status !== 401) throw new StepError("the erased account's token works");
      const again = await signIn(client).then(
        () => 'signed in',
        () => 'refused',
      );
      if (again !== 'refused') throw new StepError('the erased account still signs in with its password');
    });
    return { ok: true, steps, views, heard, mails };
  } catch (error) {
    return {
      ok: false,
      steps,
      failedStep: current,
      error: String((error as Error).message ?? error),
      heard,
      mails: [],
    };
  } finally {
    socket?.terminate();
    cognito.destroy();
  }
}
