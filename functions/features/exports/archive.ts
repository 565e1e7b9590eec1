import { createHash } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { ARCHIVE_SCHEMA_VERSION, type ArchiveEntry, type ArchiveManifest, type EntryKind } from './contracts.js';

/**
 * The archive is never held whole: fflate emits the zip as it goes, the bytes are gathered into parts
 * of `partBytes` and each is sent (a multipart upload) before the next file is read.
 */
export interface ArchiveSink {
  part(body: Uint8Array): Promise<void>;
  complete(): Promise<void>;
}

/**
 * The most an archive may hold. Each project holds a bounded number of files of at most 50 MB, so a
 * person's archive is far below this; past it the request is refused with a reason rather than
 * copying without end (a builder has 15 minutes and S3 parts of 8 MB: 2 GiB is 256 parts, a couple
 * of minutes of copying).
 */
export const MAX_ARCHIVE_BYTES = 2 * 1024 ** 3;
export const TOO_LARGE =
  'Your data is larger than an archive may be (2 GB). Write to the studio and we will send it another way.';

export class ArchiveTooLarge extends Error {
  constructor() {
    super(TOO_LARGE);
  }
}

export interface ArchiveFile {
  path: string;
  /** Recorded size: checked before anything is copied. */
  bytes: number;
  project_id: string;
  open: () => Promise<AsyncIterable<Uint8Array> | null>;
}

export interface ArchiveInput {
  export_id: string;
  subject: ArchiveManifest['subject'];
  created_at: string;
  sections: readonly { kind: EntryKind; path: string; data: unknown }[];
  files: readonly ArchiveFile[];
}

export async function writeArchive(
  input: ArchiveInput,
  sink: ArchiveSink,
  options: { partBytes: number; maxBytes?: number },
): Promise<{ bytes: number; manifest: ArchiveManifest }> {
  const maxBytes = options.maxBytes ?? MAX_ARCHIVE_BYTES;
  if (input.files.reduce((sum, file) => sum + file.bytes, 0) > maxBytes) throw new ArchiveTooLarge();

  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let total = 0;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else {
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      total += chunk.byteLength;
    }
  });
  const take = (size: number) => {
    const out = new Uint8Array(size);
    let at = 0;
    while (at < size) {
      const head = pending[0]!;
      const used = Math.min(head.byteLength, size - at);
      out.set(head.subarray(0, used), at);
      at += used;
      if (used === head.byteLength) pending.shift();
      else pending[0] = head.subarray(used);
    }
    pendingBytes -= size;
    return out;
  };
  const drain = async (last: boolean) => {
    if (failure) throw failure;
    if (total > maxBytes) throw new ArchiveTooLarge();
    while (pendingBytes >= options.partBytes) await sink.part(take(options.partBytes));
    if (last && pendingBytes > 0) await sink.part(take(pendingBytes));
  };

  const entries: ArchiveEntry[] = [];
  const json = async (kind: EntryKind, path: string, data: unknown, extra: Partial<ArchiveEntry> = {}) => {
    const body = new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`);
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(body, true);
    entries.push({
      kind,
      path,
      bytes: body.byteLength,
      sha256: createHash('sha256').update(body).digest('hex'),
      ...extra,
    });
    await drain(false);
  };

  for (const section of input.sections) await json(section.kind, section.path, section.data);
  for (const file of input.files) {
    const stream = await file.open();
    // A file recorded but gone from the bucket (deleted with its project meanwhile) is left out.
    if (!stream) continue;
    // Drawings and photos are compressed already: stored as they are.
    const entry = new ZipPassThrough(file.path);
    zip.add(entry);
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of stream) {
      hash.update(chunk);
      bytes += chunk.byteLength;
      entry.push(chunk);
      await drain(false);
    }
    entry.push(new Uint8Array(0), true);
    entries.push({ kind: 'file', path: file.path, bytes, sha256: hash.digest('hex'), project_id: file.project_id });
    await drain(false);
  }
  const manifest: ArchiveManifest = {
    schema_version: ARCHIVE_SCHEMA_VERSION,
    export_id: input.export_id,
    subject: input.subject,
    created_at: input.created_at,
    // A copy: the manifest's own entry is not in the list it holds.
    entries: [...entries],
  };
  await json('manifest', 'manifest.json', manifest);
  zip.end();
  await drain(true);
  await sink.complete();
  pending = [];
  return { bytes: total, manifest };
}
