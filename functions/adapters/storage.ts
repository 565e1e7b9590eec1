import { MAX_FILE_BYTES } from '../../events/uploads.js';
import { S3Storage } from './aws/s3.js';

/**
 * The one storage adapter: the uploads bucket in S3, or s3rver in the embedded runtime (env
 * `S3_ENDPOINT`). Presigned POSTs for browser uploads, HeadObject to check what actually arrived,
 * DeleteObject for what is refused, presigned GETs for downloads.
 */

/** Presigned POSTs and download links live this long (spec/1 §9: signed link 300 s). */
export const SIGNED_URL_SECONDS = 300;

/**
 * s3rver knows only its own dummy key id; the embedded stack's gate in front of it checks signatures
 * with the secret it generated for its data folder (`S3_SECRET_ACCESS_KEY`), so none can be forged.
 */
const embeddedCredentials = () => ({ accessKeyId: 'S3RVER', secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || 'S3RVER' });

let cached: { endpoint: string | undefined; secret: string | undefined; client: S3Storage } | undefined;

export function storageClient(): S3Storage {
  const endpoint = process.env.S3_ENDPOINT || undefined;
  if (cached && cached.endpoint === endpoint && cached.secret === process.env.S3_SECRET_ACCESS_KEY) return cached.client;
  const client = new S3Storage({ endpoint, credentials: endpoint ? embeddedCredentials() : undefined });
  cached = { endpoint, secret: process.env.S3_SECRET_ACCESS_KEY, client };
  return client;
}

export function uploadsBucket(): string {
  const bucket = process.env.UPLOADS_BUCKET;
  if (!bucket) throw new Error('Missing environment variable UPLOADS_BUCKET');
  return bucket;
}

/**
 * Where presigned uploads land before the API has checked and recorded them. The cloud stack sets
 * `incoming/` (a lifecycle rule expires whatever is never recorded there); the recorded file is then
 * copied to its final key. Unset (the embedded runtime), uploads land on their final key directly.
 */
export function incomingPrefix(): string {
  return process.env.UPLOADS_INCOMING_PREFIX ?? '';
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/** A form the browser posts the file with: this key, this content type, at most 50 MB, for 300 s. */
export function presignUpload(key: string, contentType: string, maxBytes = MAX_FILE_BYTES): Promise<PresignedUpload> {
  return storageClient().presignPost({
    bucket: uploadsBucket(),
    key,
    conditions: [
      ['content-length-range', 0, maxBytes],
      ['eq', '$key', key],
      ['eq', '$Content-Type', contentType],
    ],
    fields: { 'Content-Type': contentType },
    expiresIn: SIGNED_URL_SECONDS,
  });
}

export interface StoredObject {
  size: number;
  contentType: string;
}

/** Size and content type of an object, or null when there is none. */
export function headObject(key: string): Promise<StoredObject | null> {
  return storageClient().head(uploadsBucket(), key);
}

export async function deleteObject(key: string): Promise<void> {
  await storageClient().delete(uploadsBucket(), key);
}

export async function copyObject(from: string, to: string): Promise<void> {
  await storageClient().copy(uploadsBucket(), from, to);
}

/** A link that downloads the object as an attachment named `fileName`, valid for 300 s. */
export function presignDownload(key: string, fileName: string): Promise<string> {
  // The stored names are sanitised (letters, digits, . _ -), so the quoted filename needs no escaping;
  // the RFC 5987 form is added for completeness.
  const quoted = fileName.replace(/["\\\r\n]/g, '_');
  return storageClient().presignGet({
    bucket: uploadsBucket(),
    key,
    responseContentDisposition: `attachment; filename="${quoted}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    expiresIn: SIGNED_URL_SECONDS,
  });
}
