import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The browser side of uploads (web/src/lib/uploads.ts) with a fake XMLHttpRequest: the progress the
 * wizard shows is the upload's own progress events, and the form carries the presigned fields first
 * and the file last.
 */
const post = vi.fn();
vi.mock('../../web/src/app/api.js', () => {
  class ApiError extends Error {
    constructor(
      readonly status: number,
      readonly code: string,
      message: string,
    ) {
      super(message);
    }
  }
  const isUnauthenticated = (error: unknown) => error instanceof ApiError && error.status === 401;
  return {
    api: { post: (...args: unknown[]) => post(...args), get: vi.fn() },
    ApiError,
    isUnauthenticated,
    NOT_AUTHENTICATED: 'Not authenticated',
    newActionKey: () => '01JIDEMPOTENCYKEY000000000',
  };
});

const { uploadProjectFile, UploadError } = await import('../../web/src/features/files/api/uploads.js');
const { ApiError } = await import('../../web/src/app/api.js');

class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    // The network: three progress events, then S3's 204.
    queueMicrotask(() => {
      for (const loaded of [250, 600, 1000]) this.upload.onprogress?.({ lengthComputable: true, loaded, total: 1000 });
      this.status = 204;
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

const presigned = {
  file_id: '01JH0000000000000000000001',
  key: '01JH0000000000000000000000/client/01JH0000000000000000000001-plan.pdf',
  file_name: 'plan.pdf',
  content_type: 'application/pdf',
  upload: {
    url: 'http://127.0.0.1:9999/design-club-uploads',
    fields: { key: 'the-key', 'Content-Type': 'application/pdf', Policy: 'p', 'X-Amz-Signature': 's' },
  },
  expires_in: 300,
  max_bytes: 52428800,
};

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  post.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('uploadProjectFile', () => {
  it('presigns, posts the form with real progress, then records the stored object', async () => {
    post
      .mockResolvedValueOnce(presigned)
      .mockResolvedValueOnce({ file: { id: presigned.file_id, file_name: 'plan.pdf' } });
    const progress: number[] = [];
    const file = new File([new Uint8Array(1000)], 'plan.pdf', { type: 'application/pdf' });
    const recorded = await uploadProjectFile('01JH0000000000000000000000', file, {
      onProgress: (p) => progress.push(p),
    });

    expect(recorded).toEqual({ id: presigned.file_id, file_name: 'plan.pdf' });
    expect(post).toHaveBeenNthCalledWith(1, '/projects/01JH0000000000000000000000/uploads', {
      file_name: 'plan.pdf',
      content_type: 'application/pdf',
      file_size: 1000,
      file_type: 'client_upload',
    });
    // The record carries the upload's Idempotency-Key: a retried record returns the first one.
    expect(post).toHaveBeenNthCalledWith(
      2,
      '/projects/01JH0000000000000000000000/files',
      { key: presigned.key },
      { idempotencyKey: '01JIDEMPOTENCYKEY000000000' },
    );
    expect(progress).toEqual([0, 25, 60, 100, 100]);
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', presigned.upload.url]);
    const names = [...xhr.body!.keys()];
    expect(names).toEqual([...Object.keys(presigned.upload.fields), 'file']);
    expect((xhr.body!.get('file') as File).size).toBe(1000);
  });

  it('refuses a forbidden type in the browser without calling the API', async () => {
    const error = await uploadProjectFile(
      'p',
      new File(['x'], 'setup.exe', { type: 'application/x-msdownload' }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({
      message: 'Invalid file type. Please upload PDF, images, DWG, or document files.',
      retryable: false,
    });
    expect(post).not.toHaveBeenCalled();
  });

  it("passes on the API's refusal of the stored object, not retryable", async () => {
    post
      .mockResolvedValueOnce(presigned)
      .mockRejectedValueOnce(new ApiError(400, 'FILE_TOO_LARGE', 'File too large. Maximum size is 50MB.'));
    const error = await uploadProjectFile('p', new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ message: 'File too large. Maximum size is 50MB.', retryable: false });
  });

  it("says 'Not authenticated' when the session is no longer accepted (docs/product.md#validation)", async () => {
    post.mockRejectedValueOnce(new ApiError(401, 'UNAUTHENTICATED', 'Not authenticated'));
    const error = await uploadProjectFile('p', new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ message: 'Not authenticated', retryable: false });
  });

  it('marks a storage failure retryable with the spec message', async () => {
    post.mockResolvedValueOnce(presigned);
    vi.stubGlobal(
      'XMLHttpRequest',
      class extends FakeXhr {
        send() {
          queueMicrotask(() => this.onerror?.());
        }
      },
    );
    const error = await uploadProjectFile('p', new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' })).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ message: 'Unable to upload file. Please try again.', retryable: true });
  });
});
