import { PDFDocument } from 'pdf-lib';
import { PAGES_MAX } from '#shared/uploads.js';
import { log } from '../../platform/log.js';

/**
 * The pages of a deliverable as recorded, so that a note can be refused on a page that does not
 * exist. Counted here, on the server, from the stored bytes: the uploader's browser could claim any
 * count. A PDF's count is its page tree's (pdf-lib: plain JavaScript, bundles into a Lambda without
 * the worker pdfjs-dist needs); an image is one page. Null when it cannot be told (another kind of
 * file, or a PDF pdf-lib cannot read): the review then bounds pages by PAGES_MAX alone.
 */
export async function countPages(contentType: string, read: () => Promise<Uint8Array | null>): Promise<number | null> {
  if (contentType.startsWith('image/')) return 1;
  if (contentType !== 'application/pdf') return null;
  try {
    const bytes = await read();
    if (!bytes) return null;
    const document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
    const count = document.getPageCount();
    return count >= 1 && count <= PAGES_MAX ? count : null;
  } catch (error) {
    log.warn('Could not count the pages of a PDF', { error: String(error) });
    return null;
  }
}
