import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ArchiveTooLarge, TOO_LARGE, writeArchive, type ArchiveInput } from './archive.js';

/** A sink that keeps the parts it is sent, as the multipart upload would. */
const collecting = () => {
  const parts: Uint8Array[] = [];
  let completed = false;
  return {
    parts,
    completed: () => completed,
    sink: {
      part: async (body: Uint8Array) => {
        parts.push(body.slice());
      },
      complete: async () => {
        completed = true;
      },
    },
  };
};

async function* chunks(...texts: string[]) {
  for (const text of texts) yield new TextEncoder().encode(text);
}

const input = (files: ArchiveInput['files']): ArchiveInput => ({
  export_id: '01JDXTAEXPRT00000000000001',
  subject: { user_id: 'u1', email: 'ada@example.test', full_name: 'Ada' },
  created_at: '2026-11-29T00:00:00.000Z',
  sections: [{ kind: 'profile', path: 'profile.json', data: { full_name: 'Ada' } }],
  files,
});

describe('the archive', () => {
  it('is sent in parts of the given size as it is written, and is one valid zip with its manifest', async () => {
    const { parts, sink, completed } = collecting();
    const plan = 'x'.repeat(5_000);
    const { bytes, manifest } = await writeArchive(
      input([
        {
          path: 'files/p1/client_upload/a1-plan.pdf',
          bytes: 5_000,
          project_id: 'p1',
          open: async () => chunks(plan.slice(0, 2_000), plan.slice(2_000)),
        },
      ]),
      sink,
      { partBytes: 1_024 },
    );
    expect(completed()).toBe(true);
    expect(parts.length).toBeGreaterThan(4);
    expect(parts.slice(0, -1).every((part) => part.byteLength === 1_024)).toBe(true);
    const zip = new Uint8Array(Buffer.concat(parts));
    expect(zip.byteLength).toBe(bytes);
    const entries = unzipSync(zip);
    expect(JSON.parse(strFromU8(entries['manifest.json']!))).toEqual(manifest);
    expect(manifest.entries.map((entry) => [entry.kind, entry.path])).toEqual([
      ['profile', 'profile.json'],
      ['file', 'files/p1/client_upload/a1-plan.pdf'],
    ]);
    expect(manifest.entries[1]).toMatchObject({
      bytes: 5_000,
      sha256: createHash('sha256').update(plan).digest('hex'),
    });
  });

  it('leaves out a recorded file that is gone from the bucket', async () => {
    const { parts, sink } = collecting();
    const { manifest } = await writeArchive(
      input([{ path: 'files/p1/x', bytes: 3, project_id: 'p1', open: async () => null }]),
      sink,
      { partBytes: 1_024 },
    );
    expect(manifest.entries.map((entry) => entry.kind)).toEqual(['profile']);
    expect(Object.keys(unzipSync(new Uint8Array(Buffer.concat(parts))))).toEqual(['profile.json', 'manifest.json']);
  });

  it('past the limit by the recorded sizes, is refused before anything is read or sent', async () => {
    const { parts, sink } = collecting();
    let opened = false;
    const big = {
      path: 'files/p1/big',
      bytes: 2_000,
      project_id: 'p1',
      open: async () => {
        opened = true;
        return chunks('x');
      },
    };
    await expect(writeArchive(input([big]), sink, { partBytes: 1_024, maxBytes: 1_000 })).rejects.toThrow(TOO_LARGE);
    expect(opened).toBe(false);
    expect(parts).toEqual([]);
  });

  it('past the limit by what the bucket actually holds, stops copying', async () => {
    const { sink } = collecting();
    const liar = {
      path: 'files/p1/liar',
      bytes: 10,
      project_id: 'p1',
      open: async () => chunks('x'.repeat(600), 'y'.repeat(600)),
    };
    await expect(writeArchive(input([liar]), sink, { partBytes: 256, maxBytes: 1_000 })).rejects.toBeInstanceOf(
      ArchiveTooLarge,
    );
  });
});
