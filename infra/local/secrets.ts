import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newSigningKey, type SigningKey } from './cognito/signing-key.js';

/**
 * What the embedded stack keeps to itself, one set per data folder (or per in-memory run):
 * - `adminSecret` opens the internal endpoints (Cognito's admin API under `/admin/<secret>`) and
 *   signs the embedded S3's presigned forms and links, so no one can forge them;
 * - `signingKey` signs every token the Cognito shim hands out. cognito-local signs with a private
 *   key that ships inside its npm package, so a token that merely verifies against cognito-local's
 *   key proves nothing; the API and the realtime endpoint accept only this key's signatures.
 * Kept in `<dataDir>/secrets.json`, readable by its owner only (admin:add and replay read it).
 */
export interface LocalSecrets {
  adminSecret: string;
  signingKey: SigningKey;
}

export const SECRETS_FILE = 'secrets.json';

export async function localSecrets(dataDir: string | undefined): Promise<LocalSecrets> {
  const file = dataDir ? join(dataDir, SECRETS_FILE) : undefined;
  if (file) {
    const saved = await readFile(file, 'utf8').catch(() => undefined);
    if (saved) return JSON.parse(saved) as LocalSecrets;
  }
  const secrets: LocalSecrets = {
    adminSecret: randomBytes(32).toString('base64url'),
    signingKey: await newSigningKey(),
  };
  if (file) await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The secrets of a data folder, for the operator tools run beside `npm start` (admin:add, replay). */
export async function readLocalSecrets(dataDir: string): Promise<LocalSecrets | undefined> {
  const saved = await readFile(join(dataDir, SECRETS_FILE), 'utf8').catch(() => undefined);
  return saved ? (JSON.parse(saved) as LocalSecrets) : undefined;
}
