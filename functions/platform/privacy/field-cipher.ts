import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * One personal value sealed under its subject's data key (AES-256-GCM, a fresh 96-bit IV each time),
 * written in place of the value as one string: `pd1.<subject>.<iv>.<ciphertext and tag>`, base64url.
 * The subject is in clear so a reader knows whose key opens it; it is an account id, not a name. The
 * subject and the field's path are authenticated with the value, so a sealed value moved to another
 * field or another person's record does not open.
 */
const PREFIX = 'pd1';
const TAG_BYTES = 16;

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${PREFIX}.`);
}

export function subjectOfSealed(value: string): string {
  return value.split('.', 3)[1] ?? '';
}

export function sealValue(key: Buffer, subject: string, path: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`${subject}\n${path}`));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [PREFIX, subject, iv.toString('base64url'), body.toString('base64url')].join('.');
}

export function openValue(key: Buffer, path: string, sealed: string): unknown {
  const [prefix, subject, iv, body] = sealed.split('.');
  if (prefix !== PREFIX || !subject || !iv || !body) throw new Error('Not a sealed value');
  const bytes = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`${subject}\n${path}`));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plain = Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}
