import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MAX_FILE_BYTES, safeObjectKey } from '../../../shared/uploads.js';
import { requestHandlerOptions, SLOW_SERVICE_SILENCE_MS, MIDDLEWARE_RESOLVED_ONCE } from './sdk-config.js';
import { captureAwsClient } from '../observability/tracing.js';

/**
 * The one storage adapter: the uploads bucket in S3, or s3rver in the embedded runtime (env
 * `S3_ENDPOINT`). Presigned POSTs for browser uploads, HeadObject to check what actually arrived,
 * DeleteObject for what is refused, presigned GETs for downloads. Every key it is given must be a
 * safe object key (shared/uploads.ts `objectKeyProblem`), or the call throws before reaching S3.
 */

/** Presigned POSTs and download links live this long (docs/product.md#limits: signed link 300 s). */
export const SIGNED_URL_SECONDS = 300;

/**
 * s3rver knows only its own dummy key id; the embedded stack's gate in front of it checks signatures
 * with the secret it generated for its data folder (`S3_SECRET_ACCESS_KEY`), so none can be forged.
 */
const embeddedCredentials = () => ({
  accessKeyId: 'S3RVER',
  secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || 'S3RVER',
});

let cached: { endpoint: string | undefined; secret: string | undefined; client: S3Client } | undefined;

/** One client per container (per endpoint: the embedded runtime's tests start several s3rvers). */
export function storageClient(): S3Client {
  const endpoint = process.env.S3_ENDPOINT || undefined;
  if (cached && cached.endpoint === endpoint && cached.secret === process.env.S3_SECRET_ACCESS_KEY)
    return cached.client;
  const client = captureAwsClient(
    new S3Client({
      ...(endpoint
        ? {
            endpoint,
            region: process.env.AWS_REGION ?? 'us-east-1',
            credentials: embeddedCredentials(),
            forcePathStyle: true,
          }
        : {}),
      // Checksums only where S3 requires them: s3rver corrupts bodies sent with the SDK's default
      // streaming checksums (aws-chunked), and nothing here uploads through the SDK.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      requestHandler: requestHandlerOptions(SLOW_SERVICE_SILENCE_MS),
      ...MIDDLEWARE_RESOLVED_ONCE,
    }),
  );
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
export async function presignUpload(
  key: string,
  contentType: string,
  maxBytes = MAX_FILE_BYTES,
): Promise<PresignedUpload> {
  safeObjectKey(key);
  return createPresignedPost(storageClient(), {
    Bucket: uploadsBucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 0, maxBytes],
      ['eq', '$key', key],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: SIGNED_URL_SECONDS,
  });
}

export interface StoredObject {
  size: number;
  contentType: string;
}

/** Size and content type of an object, or null when there is none. */
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata?.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

export async function headObject(key: string): Promise<StoredObject | null> {
  try {
    const head = await storageClient().send(
      new HeadObjectCommand({ Bucket: uploadsBucket(), Key: safeObjectKey(key) }),
    );
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? '' };
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * An object's bytes, held in memory whole: null when it is absent or larger than `maxBytes` (the
 * size is read from GetObject's answer, so a large object's body is never read).
 */
export async function getObjectBytes(key: string, maxBytes = MAX_FILE_BYTES): Promise<Uint8Array | null> {
  try {
    const object = await storageClient().send(
      new GetObjectCommand({ Bucket: uploadsBucket(), Key: safeObjectKey(key) }),
    );
    if (!object.Body) return null;
    if ((object.ContentLength ?? Number.POSITIVE_INFINITY) > maxBytes) {
      (object.Body as { destroy?: () => void }).destroy?.();
      return null;
    }
    return await object.Body.transformToByteArray();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export async function deleteObject(key: string): Promise<void> {
  await storageClient().send(new DeleteObjectCommand({ Bucket: uploadsBucket(), Key: safeObjectKey(key) }));
}

/**
 * Deletes every object under `prefix` (a folder, or one object's whole key) for good: each version
 * and delete marker of the versioned bucket (a plain DeleteObject would only hide the object behind a
 * marker), a page of 1,000 at a time. A store without versions (s3rver on `npm start` refuses the
 * call as MethodNotAllowed) has nothing but the current objects, which are then deleted. Answers how
 * many objects (not versions) were there.
 */
export async function eraseObjects(prefix: string): Promise<number> {
  // Never the whole bucket: a folder of ours or a key is at least an id long.
  if (prefix.length < 8 || prefix.includes('..')) throw new Error(`Not an erasable prefix: ${prefix}`);
  const client = storageClient();
  const Bucket = uploadsBucket();
  const objects = new Set<string>();
  const remove = async (entries: { Key: string; VersionId?: string }[]) => {
    if (entries.length === 0) return;
    const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: entries, Quiet: true } }));
    const failed = result.Errors ?? [];
    if (failed.length > 0)
      throw new Error(`Could not delete ${failed.length} objects under ${prefix}: ${failed[0]?.Code}`);
  };
  try {
    let KeyMarker: string | undefined;
    let VersionIdMarker: string | undefined;
    do {
      const page = await client.send(
        new ListObjectVersionsCommand({ Bucket, Prefix: prefix, KeyMarker, VersionIdMarker }),
      );
      const entries = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].flatMap((version) =>
        version.Key ? [{ Key: version.Key, VersionId: version.VersionId }] : [],
      );
      for (const version of page.Versions ?? []) if (version.Key) objects.add(version.Key);
      await remove(entries);
      KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      VersionIdMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
    } while (KeyMarker);
    return objects.size;
  } catch (error) {
    if (!['NotImplemented', 'MethodNotAllowed'].includes((error as Error).name)) throw error;
  }
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
    const entries = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
    for (const entry of entries) objects.add(entry.Key);
    await remove(entries);
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return objects.size;
}

export async function copyObject(from: string, to: string): Promise<void> {
  const bucket = uploadsBucket();
  safeObjectKey(from);
  safeObjectKey(to);
  // CopySource is "bucket/key" with the key URL-encoded segment by segment.
  await storageClient().send(
    new CopyObjectCommand({
      Bucket: bucket,
      Key: to,
      CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
      MetadataDirective: 'COPY',
    }),
  );
}

/** A link that downloads the object as an attachment named `fileName`, valid for 300 s. */
export async function presignDownload(key: string, fileName: string): Promise<string> {
  // The stored names are sanitised (letters, digits, . _ -), so the quoted filename needs no escaping;
  // the RFC 5987 form is added for completeness.
  const quoted = fileName.replace(/["\\\r\n]/g, '_');
  return getSignedUrl(
    storageClient(),
    new GetObjectCommand({
      Bucket: uploadsBucket(),
      Key: safeObjectKey(key),
      ResponseContentDisposition: `attachment; filename="${quoted}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    }),
    { expiresIn: SIGNED_URL_SECONDS },
  );
}

/** A file the server makes itself (a response letter), stored where uploads of its kind go. */
export async function putObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await storageClient().send(
    new PutObjectCommand({
      Bucket: uploadsBucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      ContentLength: body.byteLength,
    }),
  );
}

/**
 * An object's body as a stream of chunks, never held whole (an archive copies files of up to 50 MB
 * each); null when it is absent.
 */
export async function getObjectStream(key: string): Promise<AsyncIterable<Uint8Array> | null> {
  try {
    const object = await storageClient().send(
      new GetObjectCommand({ Bucket: uploadsBucket(), Key: safeObjectKey(key) }),
    );
    return (object.Body as AsyncIterable<Uint8Array> | undefined) ?? null;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** S3's smallest part but the last: parts are gathered to this size before they are sent. */
export const MULTIPART_PART_BYTES = 8 * 1024 * 1024;

export interface MultipartUpload {
  /** Sends one part (at least MULTIPART_PART_BYTES, but the last). */
  part: (body: Uint8Array) => Promise<void>;
  complete: () => Promise<void>;
}

/**
 * A large object the server writes a part at a time, so it is never held whole. One that is never
 * completed is dropped by the bucket's lifecycle rule for incomplete multipart uploads.
 */
export async function openMultipartUpload(key: string, contentType: string): Promise<MultipartUpload> {
  const Bucket = uploadsBucket();
  const Key = safeObjectKey(key);
  const client = storageClient();
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }));
  const parts: { ETag: string; PartNumber: number }[] = [];
  return {
    async part(body) {
      const PartNumber = parts.length + 1;
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body: body, ContentLength: body.byteLength }),
      );
      parts.push({ ETag: ETag ?? '', PartNumber });
    },
    async complete() {
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    },
  };
}
