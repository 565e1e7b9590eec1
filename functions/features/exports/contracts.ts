/** The HTTP shapes of 'Download My Data' and the archive's manifest (docs/privacy.md#download-my-data). */

/** Raised when the manifest's shape changes (a field renamed or removed; new optional fields keep it). */
export const ARCHIVE_SCHEMA_VERSION = 1;

export const ENTRY_KINDS = [
  'manifest',
  'profile',
  'subscription',
  'billing_events',
  'projects',
  'checklists',
  'comments',
  'review_notes',
  'activity',
  'notifications',
  'team_memberships',
  'data_exports',
  'file',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface ArchiveEntry {
  kind: EntryKind;
  /** The entry's path inside the zip. */
  path: string;
  /** Uncompressed size. */
  bytes: number;
  /** Hex sha256 of the uncompressed bytes. */
  sha256: string;
  /** For a file: the project it belongs to. */
  project_id?: string;
}

/** manifest.json, the archive's last entry: it lists every other entry (not itself). */
export interface ArchiveManifest {
  schema_version: number;
  export_id: string;
  subject: { user_id: string; email: string | null; full_name: string | null };
  created_at: string;
  entries: ArchiveEntry[];
}

/** One export as the person sees it. */
export interface DataExportView {
  export_id: string;
  requested_at: string;
  status: 'preparing' | 'ready' | 'expired' | 'failed';
  bytes: number | null;
  expires_at: string | null;
  reason: string | null;
}

/** GET /api/me/data-export: the latest export (null before the first) and when the next may be asked. */
export interface DataExportResponse {
  latest: DataExportView | null;
  next_allowed_at: string | null;
}

/** POST /api/me/data-export (202). */
export interface RequestDataExportResponse {
  export: DataExportView;
}

/** GET /api/me/data-export/{id}/download: a short-lived link to the archive itself. */
export interface DataExportLinkResponse {
  url: string;
  expires_in: number;
  file_name: string;
}
