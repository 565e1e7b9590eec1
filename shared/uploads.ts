/**
 * The upload rules of docs/product.md#validation, in one plain module (no zod, no Node, no DOM): the SPA
 * checks a file before it leaves the browser, and the API checks the stored object with the very same
 * rules before it records it, because the embedded S3 enforces no POST policy (and checking on the
 * server is right in the cloud too).
 */

export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_FILES = 10;
/**
 * Files one project holds (client files and every version of every deliverable): the project's
 * document lists them all, and a stored item is bounded (docs/security.md#bounds).
 */
export const FILES_PER_PROJECT_MAX = 200;
/** Deliverable files one project holds (each version counts): the review lists every version. */
export const DELIVERABLE_FILES_PER_PROJECT_MAX = 100;
/** The most pages a recorded PDF may have its notes on (and the highest page number a note names). */
export const PAGES_MAX = 10_000;
const PROJECT_FILES_LIMIT = `A project holds at most ${FILES_PER_PROJECT_MAX} files`;
export const TOO_MANY_PROJECT_FILES = `${PROJECT_FILES_LIMIT}: remove or combine files before adding more`;
export const TOO_MANY_DELIVERABLE_FILES =
  `A project holds at most ${DELIVERABLE_FILES_PER_PROJECT_MAX} deliverable ` +
  `versions: start a new project for further work`;
/** Longer names are shortened in the display (docs/product.md#validation). */
export const DISPLAY_NAME_MAX = 30;
/** Stored names are kept well under S3's 1,024-byte key limit (project id and file id come first). */
export const STORED_NAME_MAX = 150;

export const INVALID_FILE_TYPE_MESSAGE = 'Invalid file type. Please upload PDF, images, DWG, or document files.';
export const FILE_TOO_LARGE_MESSAGE = 'File too large. Maximum size is 50MB.';
export const TOO_MANY_FILES_TITLE = 'Too many files';
export const TOO_MANY_FILES_MESSAGE = `You can upload a maximum of ${MAX_FILES} files.`;

export interface FileKind {
  label: string;
  extensions: readonly string[];
  /** MIME types accepted for these extensions; the first is the canonical one. */
  mimeTypes: readonly string[];
}

/**
 * The accepted kinds: images (jpeg, jpg, png, gif, webp), pdf, dwg, Excel (xls, xlsx), Word (doc, docx),
 * plain text and zip. A file is accepted when its extension and its MIME type belong to the same kind,
 * so an `.exe` sent as `image/png` is refused, and the generic types some systems give DWG drawings
 * (application/x-dwg, application/octet-stream) are accepted only on a `.dwg` name.
 */
export const FILE_KINDS: readonly FileKind[] = [
  { label: 'JPEG image', extensions: ['jpg', 'jpeg'], mimeTypes: ['image/jpeg', 'image/jpg'] },
  { label: 'PNG image', extensions: ['png'], mimeTypes: ['image/png'] },
  { label: 'GIF image', extensions: ['gif'], mimeTypes: ['image/gif'] },
  { label: 'WebP image', extensions: ['webp'], mimeTypes: ['image/webp'] },
  { label: 'PDF', extensions: ['pdf'], mimeTypes: ['application/pdf'] },
  {
    label: 'DWG drawing',
    extensions: ['dwg'],
    mimeTypes: ['image/vnd.dwg', 'application/acad', 'application/x-dwg', 'application/octet-stream'],
  },
  { label: 'Excel workbook', extensions: ['xls'], mimeTypes: ['application/vnd.ms-excel'] },
  {
    label: 'Excel workbook',
    extensions: ['xlsx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  { label: 'Word document', extensions: ['doc'], mimeTypes: ['application/msword'] },
  {
    label: 'Word document',
    extensions: ['docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  { label: 'Plain text', extensions: ['txt'], mimeTypes: ['text/plain'] },
  { label: 'ZIP archive', extensions: ['zip'], mimeTypes: ['application/zip', 'application/x-zip-compressed'] },
];

/** For the file picker's `accept` attribute. */
export const ACCEPT_ATTRIBUTE = [
  ...new Set(
    FILE_KINDS.flatMap((kind) => [
      ...kind.extensions.map((ext) => `.${ext}`),
      ...kind.mimeTypes.filter((mime) => mime !== 'application/octet-stream'),
    ]),
  ),
].join(',');

export const ACCEPTED_TYPES_TEXT = 'PDF, JPG, PNG, GIF, WebP, DWG, XLS, XLSX, DOC, DOCX, TXT or ZIP, up to 50 MB each';

/** `Plan.Final.PDF` → `pdf`; no extension → ''. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** `Application/PDF; charset=binary` → `application/pdf`. */
export function normaliseMimeType(mime: string | null | undefined): string {
  return (mime ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The content type a file is uploaded with: what the browser says, or (browsers report nothing for
 * DWG and some Office files on some systems) the canonical type of its extension.
 */
export function contentTypeFor(name: string, reported: string | null | undefined): string {
  const mime = normaliseMimeType(reported);
  if (mime) return mime;
  const kind = FILE_KINDS.find((candidate) => candidate.extensions.includes(extensionOf(name)));
  return kind?.mimeTypes[0] ?? '';
}

export function isAllowedFileType(name: string, mime: string | null | undefined): boolean {
  const extension = extensionOf(name);
  const type = normaliseMimeType(mime);
  return FILE_KINDS.some((kind) => kind.extensions.includes(extension) && kind.mimeTypes.includes(type));
}

export type FileProblem = { code: 'INVALID_FILE_TYPE'; message: string } | { code: 'FILE_TOO_LARGE'; message: string };

/** The first rule a file breaks (type first, then size), or null. */
export function checkFile(file: { name: string; type: string | null | undefined; size: number }): FileProblem | null {
  if (!isAllowedFileType(file.name, file.type))
    return { code: 'INVALID_FILE_TYPE', message: INVALID_FILE_TYPE_MESSAGE };
  if (!Number.isFinite(file.size) || file.size < 0 || file.size > MAX_FILE_BYTES)
    return { code: 'FILE_TOO_LARGE', message: FILE_TOO_LARGE_MESSAGE };
  return null;
}

/**
 * The name a file is stored under: anything but letters, digits, dot, underscore and hyphen becomes
 * `_` (docs/product.md#validation), and leading dots are dropped, so a name can never be `.`/`..` or a hidden file and
 * can never leave its folder (`../../x y?.pdf` → `_.._x_y_.pdf`: no slash survives, and the result
 * does not start with a dot). Long names are cut to STORED_NAME_MAX keeping the extension; an empty
 * result becomes `file`.
 */
export function sanitiseFileName(name: string): string {
  let safe = name
    .normalize('NFC')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '');
  if (safe.length > STORED_NAME_MAX) {
    const extension = extensionOf(safe);
    const tail = extension && extension.length <= 10 ? `.${extension}` : '';
    safe = safe.slice(0, STORED_NAME_MAX - tail.length) + tail;
  }
  return safe || 'file';
}

/** Names over 30 characters are shortened in the display, keeping the extension: `a-very-long-na….pdf`. */
export function shortenFileName(name: string, max = DISPLAY_NAME_MAX): string {
  if (name.length <= max) return name;
  const extension = extensionOf(name);
  const tail = extension && extension.length <= 8 ? `.${extension}` : '';
  const keep = Math.max(1, max - tail.length - 1);
  return `${name.slice(0, keep)}…${tail}`;
}

/** "1.5 MB", "820 KB", "12 B". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Who a stored file is for: the folder under the project. */
export const UPLOAD_FOLDERS = { client_upload: 'client', deliverable: 'deliverable' } as const;
export type UploadFileType = keyof typeof UPLOAD_FOLDERS;

/**
 * `{projectId}/{client|deliverable}/{fileId}-{sanitised name}`. The file's id (a ULID) leads the
 * name: two uploads of `plan.pdf` never overwrite each other, the extension stays last (downloads
 * keep it), keys sort by upload time, and the id can be read back from the key, so recording the
 * same object twice is the same file (the decider ignores a known id).
 */
export function uploadKey(projectId: string, fileType: UploadFileType, fileId: string, fileName: string): string {
  return safeObjectKey(`${projectId}/${UPLOAD_FOLDERS[fileType]}/${fileId}-${sanitiseFileName(fileName)}`);
}

/**
 * The longest object key anything here makes or accepts, in characters (all ASCII, so bytes too). Ours
 * are at most 26 + 12 + 27 + 150 characters plus the incoming prefix; S3 itself stops at 1,024 bytes.
 */
export const OBJECT_KEY_MAX = 512;
/** S3's "safe characters" for keys, with `/` between non-empty segments: no `%`, `\\`, space or control character. */
const SAFE_KEY = /^[A-Za-z0-9!_.*'()-]+(?:\/[A-Za-z0-9!_.*'()-]+)*$/;

/**
 * Why `key` may not name an object here, or null. Every key is checked where it is made, used or
 * received (the upload route, the storage adapter, the embedded S3 gate and store): no leading `/`,
 * no empty, `.` or `..` segment (also once percent-decoded, for stores that decode), no control
 * character or other unsafe character, at most OBJECT_KEY_MAX characters. A key that passes cannot
 * leave its bucket's folder on a disk, and reads the same in a URL path and in a form field.
 */
export function objectKeyProblem(key: string): string | null {
  if (key.length === 0) return 'An object key is required.';
  if (key.length > OBJECT_KEY_MAX) return `An object key has at most ${OBJECT_KEY_MAX} characters.`;
  let decoded = key;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    return "An object key holds only letters, digits, /, and ! _ . * ' ( ) -.";
  }
  if ([...decoded].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
    return 'An object key holds no control characters.';
  if (decoded.startsWith('/') || key.startsWith('/')) return 'An object key does not start with /.';
  if ([key, decoded].some((text) => text.split(/[/\\]/).some((segment) => segment === '.' || segment === '..')))
    return 'An object key has no . or .. segment.';
  if (!SAFE_KEY.test(key)) return "An object key holds only letters, digits, /, and ! _ . * ' ( ) -.";
  return null;
}

/** `key`, if it is a safe object key (objectKeyProblem); else throws an Error naming the problem. */
export function safeObjectKey(key: string): string {
  const problem = objectKeyProblem(key);
  if (problem) throw new UnsafeObjectKey(problem);
  return key;
}

export class UnsafeObjectKey extends Error {
  override readonly name = 'UnsafeObjectKey';
}

const ULID = '[0-9A-HJKMNP-TV-Z]{26}';
const KEY_PATTERN = /* @__PURE__ */ new RegExp(
  `^(${ULID})/(client|deliverable)/(${ULID})-([A-Za-z0-9_-][A-Za-z0-9._-]{0,${STORED_NAME_MAX - 1}})$`,
);

export interface ParsedUploadKey {
  projectId: string;
  fileType: UploadFileType;
  fileId: string;
  fileName: string;
}

/** The parts of a key made by `uploadKey`, or null for anything else (other folders, `..`, odd names). */
export function parseUploadKey(key: string): ParsedUploadKey | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  return {
    projectId: match[1]!,
    fileType: match[2] === 'client' ? 'client_upload' : 'deliverable',
    fileId: match[3]!,
    fileName: match[4]!,
  };
}
