import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import type { WritingRuntime as Runtime } from '../../infra/local/runtime.js';
import { ViewStore } from '../../functions/platform/views/views.js';
import { TABLES } from '../../infra/local/runtime.js';
import { liveAndReplayed } from '../support/snapshot.js';
import { minimalProject } from '../support/stack.js';
import { catalogue } from '../../functions/app/catalogue.js';
import { localCodec, type LocalKmsAddress } from '../../infra/local/personal-data.js';

interface Child {
  process: ChildProcess;
  url: string;
  cognito: string;
  clientId: string;
  output: string[];
}

const children: ChildProcess[] = [];
let dataDir: string;

async function startChild(): Promise<Child> {
  // Node itself (not an npx wrapper), so that SIGKILL really kills the runtime.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/runtime-child.ts', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`runtime exited (${code}): ${output.join('\n')}`)));
    lines.on('line', (line) => {
      output.push(line);
      if (line.startsWith('{"ready"')) resolve({ process: child, output, ...JSON.parse(line) });
    });
  });
}

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('the embedded runtime killed during a load', () => {
  it('restarts with every committed project listed and projections equal to a clean replay', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'design-club-crash-'));
    const first = await startChild();
    const cognito = new CognitoIdentityProviderClient({
      endpoint: first.cognito,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const email = `crash.${Date.now()}@example.test`;
    await cognito.send(
      new SignUpCommand({
        ClientId: first.clientId,
        Username: email,
        Password: 'CorrectHorse#2026',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'Crash Test' },
        ],
      }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: first.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: 'CorrectHorse#2026' },
      }),
    );
    const token = auth.AuthenticationResult!.IdToken!;

    const post = (url: string, i: number) =>
      fetch(`${url}/api/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(minimalProject({ title: `Crash ${i}` })),
      })
        .then(async (response) => ({
          status: response.status,
          id: response.status === 201 ? ((await response.json()) as { project: { id: string } }).project.id : null,
        }))
        .catch(() => ({ status: 0, id: null }));
    // A few calls that complete, then a burst that the kill cuts through.
    const outcomes: { status: number; id: string | null }[] = [];
    for (let i = 0; i < 8; i += 1) outcomes.push(await post(first.url, i));
    const inFlight: Promise<{ status: number; id: string | null }>[] = [];
    for (let i = 8; i < 40; i += 1) {
      inFlight.push(post(first.url, i));
      if (i === 24) first.process.kill('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    outcomes.push(...(await Promise.all(inFlight)));
    expect(outcomes.some((o) => o.status === 0)).toBe(true);
    const committed = outcomes.filter((o) => o.id).map((o) => o.id!);
    expect(committed.length).toBeGreaterThan(5);

    const second = await startChild();
    expect(second.output.join('\n')).toMatch(/Recovered from an unclean stop/);
    const listed = await fetch(`${second.url}/api/projects`, { headers: { authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
    const ids = ((await listed.json()) as { projects: { id: string }[] }).projects.map((p) => p.id);
    for (const id of committed) expect(ids).toContain(id);

    const lock = JSON.parse(await readFile(join(dataDir, 'runtime.json'), 'utf8')) as {
      dynamoEndpoint: string;
      kms: LocalKmsAddress;
    };
    const client = dynamoClient(lock.dynamoEndpoint);
    const runtime = {
      store: new EventStore({
        catalogue,
        codec: localCodec(lock.kms, client, TABLES.keys).codec,
        client,
        tableName: TABLES.events,
      }),
      views: new ViewStore(client, TABLES.views, 0),
    } as unknown as Runtime;
    const { live, replayed, report } = await liveAndReplayed(runtime);
    expect(report.broken).toEqual([]);
    expect(live).toEqual(replayed);
  }, 180_000);
});
