import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDecider, projectStream } from '../../functions/features/projects/decider.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { headObject, uploadsBucket } from '../../functions/platform/aws/storage.js';
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_FILE_BYTES, uploadKey } from '../../shared/uploads.js';
import { newId } from '../../functions/platform/ids.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

let stack: TestStack;
let owner: TestUser;
let projectId: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Presigned {
  file_id: string;
  key: string;
  file_name: string;
  content_type: string;
  upload: { url: string; fields: Record<string, string> };
  expires_in: number;
}

/** What the browser does: a multipart POST of the presigned fields and then the file. */
async function postToStorage(presigned: Presigned, bytes: Buffer, contentType = presigned.content_type) {
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.upload.fields)) form.append(name, value);
  form.set('Content-Type', contentType);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), presigned.file_name);
  const response = await fetch(presigned.upload.url, { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

async function upload(
  user: TestUser,
  name: string,
  bytes: Buffer,
  contentType: string,
  fileType: 'client_upload' | 'deliverable' = 'client_upload',
  project = projectId,
) {
  const presigned = await stack.api('POST', `/api/projects/${project}/uploads`, {
    user,
    body: { file_name: name, content_type: contentType, file_size: bytes.length, file_type: fileType },
  });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
  await postToStorage(presigned.body, bytes);
  return presigned.body as Presigned;
}

beforeAll(async () => {
  stack = await TestStack.start();
  owner = await stack.signUpClient();
  const created = await stack.api('POST', '/api/projects', { user: owner, body: minimalProject() });
  expect(created.status).toBe(201);
  projectId = created.body.project.id;
});
afterAll(() => stack?.stop());

describe('client uploads: presigned POST, checked object, FileUploaded, signed download', () => {
  it('records a PDF right after the project is created and downloads the same bytes', async () => {
    const presigned = await upload(owner, 'Site survey.pdf', PDF, 'application/pdf');
    expect(presigned.key).toBe(`${projectId}/client/${presigned.file_id}-Site_survey.pdf`);
    expect(presigned.expires_in).toBe(300);

    const before = await stack.eventCount();
    const recorded = await stack.api('POST', `/api/projects/${projectId}/files`, {
      user: owner,
      body: { key: presigned.key },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    expect(recorded.body.file).toMatchObject({
      id: presigned.file_id,
      file_name: 'Site_survey.pdf',
      file_type: 'client_upload',
      file_category: 'application/pdf',
      file_size: PDF.length,
      file_url: presigned.key,
      upload_status: 'success',
      uploader_id: owner.sub,
    });
    expect(await stack.eventCount()).toBe(before + 1);
    const stream = await stack.local.runtime.store.readStream(projectStream(projectId));
    expect(stream.events.at(-1)!.type).toBe('FileUploaded');

    // Recording the same object again is the same file: nothing more is appended.
    const again = await stack.api('POST', `/api/projects/${projectId}/files`, {
      user: owner,
      body: { key: presigned.key },
    });
    expect(again.status).toBe(200);
    expect(await stack.eventCount()).toBe(before + 1);

    await stack.settle();
    const detail = await stack.api('GET', `/api/projects/${projectId}`, { user: owner });
    expect(detail.body.project.files.map((f: { id: string }) => f.id)).toContain(presigned.file_id);

    const link = await stack.api('GET', `/api/projects/${projectId}/files/${presigned.file_id}`, { user: owner });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ file_name: 'Site_survey.pdf', expires_in: 300 });
    expect(link.body.url).toContain('X-Amz-Expires=300');
    const download = await fetch(link.body.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment; filename="Site_survey.pdf"');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('sanitises hostile names: ../../x y?.pdf stays inside the project folder', async () => {
    const presigned = await upload(owner, '../../x y?.pdf', PDF, 'application/pdf');
    expect(presigned.key).toBe(`${projectId}/client/${presigned.file_id}-_.._x_y_.pdf`);
    expect(presigned.key.split('/')).toHaveLength(3);
    expect(presigned.upload.fields.key).toBe(presigned.key);
    const recorded = await stack.api('POST', `/api/projects/${projectId}/files`, {
      user: owner,
      body: { key: presigned.key },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body.file.file_name).toBe('_.._x_y_.pdf');
    expect(await headObject(presigned.key)).toMatchObject({ size: PDF.length });
  });

  it('two uploads with the same name get two keys and two files', async () => {
    const first = await upload(owner, 'plan.pdf', PDF, 'application/pdf');
    const second = await upload(owner, 'plan.pdf', Buffer.concat([PDF, Buffer.from('second')]), 'application/pdf');
    expect(first.key).not.toBe(second.key);
    for (const presigned of [first, second]) {
      expect(
        (await stack.api('POST', `/api/projects/${projectId}/files`, { user: owner, body: { key: presigned.key } }))
          .status,
      ).toBe(201);
    }
    expect((await headObject(first.key))!.size).toBe(PDF.length);
    expect((await headObject(second.key))!.size).toBe(PDF.length + 6);
  });

  it('accepts a DWG sent as application/octet-stream only with a .dwg name', async () => {
    const drawing = Buffer.from('AC1032 fake drawing');
    const dwg = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
      user: owner,
      body: { file_name: 'site.dwg', content_type: 'application/octet-stream', file_size: drawing.length },
    });
    expect(dwg.status).toBe(201);
    const exe = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
      user: owner,
      body: { file_name: 'setup.exe', content_type: 'application/octet-stream', file_size: drawing.length },
    });
    expect(exe.status).toBe(400);
    expect(exe.body.error).toEqual({ code: 'INVALID_FILE_TYPE', message: INVALID_FILE_TYPE_MESSAGE });
  });
});

describe('refusals', () => {
  it('refuses to presign a forbidden type or an oversize file, with the spec messages', async () => {
    const before = await stack.eventCount();
    const html = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
      user: owner,
      body: { file_name: 'page.html', content_type: 'text/html', file_size: 10 },
    });
    expect(html.status).toBe(400);
    expect(html.body.error?.message).toBe(INVALID_FILE_TYPE_MESSAGE);
    const big = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
      user: owner,
      body: { file_name: 'scan.pdf', content_type: 'application/pdf', file_size: MAX_FILE_BYTES + 1 },
    });
    expect(big.status).toBe(400);
    expect(big.body.error?.message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await stack.eventCount()).toBe(before);
  });

  it('refuses a forged object larger than 50 MB placed in the bucket, removes it and appends nothing', async () => {
    // Presigned as a small PDF, then a 50 MB + 1 byte object is put there directly (s3rver enforces no policy).
    const presigned = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
      user: owner,
      body: { file_name: 'small.pdf', content_type: 'application/pdf', file_size: 1000 },
    });
    expect(presigned.status).toBe(201);
    // Put there with the AWS SDK straight into the store behind the gate (the gate itself refuses it), as anyone
    // holding bucket credentials could.
    const s3 = new S3Client({
      endpoint: stack.local.s3Endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    await s3.send(
      new PutObjectCommand({
        Bucket: uploadsBucket(),
        Key: presigned.body.key,
        Body: Buffer.alloc(MAX_FILE_BYTES + 1, 1),
        ContentType: 'application/pdf',
      }),
    );
    s3.destroy();
    expect((await headObject(presigned.body.key))!.size).toBe(MAX_FILE_BYTES + 1);
    const before = await stack.eventCount();
    const refused = await stack.api('POST', `/api/projects/${projectId}/files`, {
      user: owner,
      body: { key: presigned.body.key },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'FILE_TOO_LARGE', message: FILE_TOO_LARGE_MESSAGE });
    expect(await headObject(presigned.body.key)).toBeNull();
    expect(await stack.eventCount()).toBe(before);
  });

  it(
    'refuses a forged object of a forbidden type (HTML ' + 'under a .pdf key), removes it and appends nothing',
    async () => {
      const presigned = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
        user: owner,
        body: { file_name: 'brochure.pdf', content_type: 'application/pdf', file_size: 40 },
      });
      // The gate refuses this form (its Content-Type breaks the policy): put it straight into the store behind it.
      const s3 = new S3Client({
        endpoint: stack.local.s3Endpoint,
        forcePathStyle: true,
        region: 'us-east-1',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
      await s3.send(
        new PutObjectCommand({
          Bucket: uploadsBucket(),
          Key: presigned.body.key,
          Body: Buffer.from('<script>alert(1)</script>'),
          ContentType: 'text/html',
        }),
      );
      s3.destroy();
      expect((await headObject(presigned.body.key))!.contentType).toBe('text/html');
      const before = await stack.eventCount();
      const refused = await stack.api('POST', `/api/projects/${projectId}/files`, {
        user: owner,
        body: { key: presigned.body.key },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual({ code: 'INVALID_FILE_TYPE', message: INVALID_FILE_TYPE_MESSAGE });
      expect(await headObject(presigned.body.key)).toBeNull();
      expect(await stack.eventCount()).toBe(before);
    },
  );

  it('refuses keys outside the project folder, and uploads that never arrived', async () => {
    const before = await stack.eventCount();
    const otherId = newId();
    for (const key of [
      '../etc/passwd',
      `${projectId}/client/../../x.pdf`,
      `${otherId}/client/${newId()}-x.pdf`,
      `${projectId}/secret/${newId()}-x.pdf`,
      `${projectId}/client/x.pdf`,
    ]) {
      const refused = await stack.api('POST', `/api/projects/${projectId}/files`, { user: owner, body: { key } });
      expect(refused.status, key).toBe(400);
      expect(refused.body.error?.code).toBe('INVALID_KEY');
    }
    const missing = await stack.api('POST', `/api/projects/${projectId}/files`, {
      user: owner,
      body: { key: uploadKey(projectId, 'client_upload', newId(), 'ghost.pdf') },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.code).toBe('UPLOAD_NOT_FOUND');
    expect(await stack.eventCount()).toBe(before);
  });
});

describe('who may upload and download', () => {
  it('a stranger can neither upload to, record on, nor download from the project', async () => {
    const stranger = await stack.signUpClient();
    const mine = await upload(owner, 'notes.txt', Buffer.from('measurements'), 'text/plain');
    const before = await stack.eventCount();
    const presign = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
      user: stranger,
      body: { file_name: 'x.pdf', content_type: 'application/pdf', file_size: 10 },
    });
    expect(presign.status).toBe(404);
    const record = await stack.api('POST', `/api/projects/${projectId}/files`, {
      user: stranger,
      body: { key: mine.key },
    });
    expect(record.status).toBe(404);
    // The owner's pending upload is untouched by the stranger's attempt.
    expect(await headObject(mine.key)).not.toBeNull();
    expect(
      (await stack.api('POST', `/api/projects/${projectId}/files`, { user: owner, body: { key: mine.key } })).status,
    ).toBe(201);
    const download = await stack.api('GET', `/api/projects/${projectId}/files/${mine.file_id}`, { user: stranger });
    expect(download.status).toBe(404);
    expect(await stack.eventCount()).toBe(before + 1);
  });

  it(
    'a designer who is not assigned cannot upload deliverables; the assigned designer and admins can, and the owner ' +
      'can download them',
    async () => {
      const designer = await stack.designer();
      const admin = await stack.admin();
      const refused = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
        user: designer,
        body: {
          file_name: 'floor-plan.pdf',
          content_type: 'application/pdf',
          file_size: PDF.length,
          file_type: 'deliverable',
        },
      });
      expect(refused.status).toBe(404);

      await runCommand(
        projectDecider,
        projectStream(projectId),
        { type: 'UpdateProject', designer: { designer_id: designer.sub } },
        { actor: { sub: admin.sub, role: 'admin' } },
        stack.local.runtime,
      );
      const clientUpload = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
        user: designer,
        body: { file_name: 'x.pdf', content_type: 'application/pdf', file_size: 10, file_type: 'client_upload' },
      });
      expect(clientUpload.status).toBe(403);
      const ownerDeliverable = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
        user: owner,
        body: { file_name: 'x.pdf', content_type: 'application/pdf', file_size: 10, file_type: 'deliverable' },
      });
      expect(ownerDeliverable.status).toBe(403);

      const deliverable = await upload(designer, 'Floor Plan v1.pdf', PDF, 'application/pdf', 'deliverable');
      expect(deliverable.key).toBe(`${projectId}/deliverable/${deliverable.file_id}-Floor_Plan_v1.pdf`);
      const recorded = await stack.api('POST', `/api/projects/${projectId}/files`, {
        user: designer,
        body: { key: deliverable.key },
      });
      expect(recorded.status).toBe(201);
      expect(recorded.body.file).toMatchObject({ file_type: 'deliverable', uploader_id: designer.sub });

      const fromAdmin = await upload(admin, 'Elevations.pdf', PDF, 'application/pdf', 'deliverable');
      expect(
        (await stack.api('POST', `/api/projects/${projectId}/files`, { user: admin, body: { key: fromAdmin.key } }))
          .status,
      ).toBe(201);

      const link = await stack.api('GET', `/api/projects/${projectId}/files/${deliverable.file_id}`, { user: owner });
      expect(link.status).toBe(200);
      expect(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()).equals(PDF)).toBe(true);
      expect((await stack.api('GET', `/api/projects/${projectId}/files/${newId()}`, { user: owner })).status).toBe(404);
    },
  );
});

describe('with an incoming prefix (the cloud stack)', () => {
  it('uploads under incoming/, then copies the checked object to its final key', async () => {
    process.env.UPLOADS_INCOMING_PREFIX = 'incoming/';
    try {
      const presigned = await upload(owner, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
      expect(presigned.key).toMatch(new RegExp(`^incoming/${projectId}/client/`));
      const recorded = await stack.api('POST', `/api/projects/${projectId}/files`, {
        user: owner,
        body: { key: presigned.key },
      });
      expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
      const finalKey = presigned.key.slice('incoming/'.length);
      expect(recorded.body.file.file_url).toBe(finalKey);
      expect(await headObject(presigned.key)).toBeNull();
      expect(await headObject(finalKey)).toMatchObject({ size: 4, contentType: 'image/png' });
    } finally {
      delete process.env.UPLOADS_INCOMING_PREFIX;
    }
  });
});
