import * as z from '../../../events/zod.js';
import { FILE_TYPES } from '../../../shared/vocabulary.js';
import type { ProjectFile } from '../projects/contracts.js';

/** POST /api/projects/{id}/uploads: what the browser is about to upload. */
export const requestUploadBody = /* @__PURE__ */ (() =>
  z.object({
    file_name: z.string().check(z.trim(), z.minLength(1, 'A file name is required'), z.maxLength(255)),
    /** The MIME type the browser reports (empty for some DWG files: then the extension decides). */
    content_type: z._default(z.string().check(z.maxLength(200)), ''),
    file_size: z.int().check(z.gte(0)),
    file_type: z._default(z.enum(FILE_TYPES), 'client_upload'),
  }))();

export interface RequestUploadResponse {
  file_id: string;
  /** The object key the form must carry (the form's own `key` field already holds it). */
  key: string;
  file_name: string;
  content_type: string;
  /** POST a multipart form to `url` with every field of `fields` and then the file as `file`. */
  upload: { url: string; fields: Record<string, string> };
  expires_in: number;
  max_bytes: number;
}

/** POST /api/projects/{id}/files: record an upload after the API has checked the stored object. */
export const recordFileBody = /* @__PURE__ */ (() =>
  z.object({
    key: z.string().check(z.minLength(1), z.maxLength(1024)),
    /**
     * 'Upload New Version': the deliverable's id (its v1 file id) this file is the next version of.
     * Deliverables only, by admins and the assigned designer; absent for a new deliverable or a client file.
     */
    version_of: z.optional(z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown deliverable id'))),
  }))();

export interface RecordFileResponse {
  file: ProjectFile;
}

export interface DownloadFileResponse {
  url: string;
  file_name: string;
  expires_in: number;
}
