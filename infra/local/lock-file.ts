import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { readLocalSecrets } from './secrets.js';

/**
 * The data folder's lock file (runtime.json): one embedded runtime per folder, and how the operator
 * tools (admin:add, the users import, redrive) find the running one; and the ports it remembers.
 */
export class AlreadyRunningError extends Error {
  constructor(
    readonly url: string,
    readonly pid: number,
  ) {
    super(`The embedded stack is already running at ${url} (pid ${pid}).`);
  }
}

export interface RunningStack {
  pid: number;
  url: string;
  dynamoEndpoint: string;
  /** The KMS stand-in (infra/local/kms.ts): its endpoint and key, for tools that read personal fields. */
  kms: { endpoint: string; keyId: string };
  /** Cognito's operator endpoint (admin actions included), opened by the data folder's secret. */
  cognitoEndpoint: string;
  userPoolId: string;
}

/**
 * The embedded runtime running on `dataDir`, if any (from its lock file), for the operator tools:
 * its Cognito admin endpoint is opened with the secret kept in the data folder (secrets.json).
 */
export async function runningStack(dataDir: string): Promise<RunningStack | null> {
  const lockFile = join(resolve(dataDir), 'runtime.json');
  if (!existsSync(lockFile)) return null;
  const lock = JSON.parse(await readFile(lockFile, 'utf8')) as RunningStack & { cognitoPublicEndpoint?: string };
  if (lock.pid === process.pid || !isAlive(lock.pid)) return null;
  const secrets = await readLocalSecrets(resolve(dataDir));
  if (!secrets || !lock.cognitoPublicEndpoint) return lock;
  return { ...lock, cognitoEndpoint: `${lock.cognitoPublicEndpoint}/admin/${secrets.adminSecret}` };
}

/** Throws AlreadyRunningError when a live embedded runtime holds `dataDir`. */
export async function assertNotRunning(dataDir: string): Promise<void> {
  const lockFile = join(resolve(dataDir), 'runtime.json');
  if (!existsSync(lockFile)) return;
  const lock = JSON.parse(await readFile(lockFile, 'utf8')) as { pid: number; url: string };
  if (lock.pid !== process.pid && isAlive(lock.pid)) throw new AlreadyRunningError(lock.url, lock.pid);
}

/** The port used last time (a file in the data folder) if it is still free, else 0 (any free port). */
export async function rememberedPort(file: string): Promise<number> {
  const saved = Number(await readFile(file, 'utf8').catch(() => '0'));
  if (!saved) return 0;
  const free = await new Promise<boolean>((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(saved, '127.0.0.1', () => probe.close(() => done(true)));
  });
  return free ? saved : 0;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
