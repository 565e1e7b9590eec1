import { LETTER_TEXT_MAX } from '../contracts.js';

/**
 * A correction letter's text, read from its PDF on the server with pdfjs-dist's legacy build (the one
 * made for Node). Lines are rebuilt from the text items' end-of-line marks; pages are separated by a
 * blank line. A scanned letter has no text layer: the answer is empty and the person types the items.
 */
interface TextItem {
  str: string;
  hasEOL?: boolean;
}

let loaded: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;

/**
 * pdf.js in Node runs its worker in the same thread: given the worker module, it needs no file path (a bundle has
 * none).
 */
async function pdfjs() {
  loaded ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loaded;
}

export const LETTER_PAGES_MAX = 40;

export async function extractPdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await pdfjs();
  // No fonts, scripts or network: only the text layer is read.
  const document = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    let length = 0;
    for (
      let number = 1;
      number <= Math.min(document.numPages, LETTER_PAGES_MAX) && length < LETTER_TEXT_MAX;
      number += 1
    ) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items as TextItem[]) {
        if (typeof item.str !== 'string') continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pages.push(text.replace(/[ \t]+\n/g, '\n').trim());
      length += text.length;
      page.cleanup();
    }
    return pages.join('\n\n').slice(0, LETTER_TEXT_MAX);
  } finally {
    await document.destroy();
  }
}
