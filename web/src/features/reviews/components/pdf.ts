/**
 * pdf.js, in a chunk of its own that only a PDF review loads. Its worker is built by Vite as a worker
 * entry (`?worker`): an ordinary `.js` file next to the chunks, served as JavaScript by the site and
 * the embedded runtime alike (pdf.js's own `.mjs` file is not), from the same origin, so the site's
 * CSP allows it as it stands (`worker-src` falls back to `script-src 'self'`). One worker serves
 * every PDF opened in the tab.
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
import PdfWorker from 'pdfjs-dist/build/pdf.worker.min.mjs?worker';

GlobalWorkerOptions.workerPort ??= new PdfWorker();

export type { PDFDocumentProxy, PDFPageProxy };

/** Opens a PDF from its bytes (fetched by the caller from the signed link, so the worker fetches nothing). */
export function openPdf(data: ArrayBuffer) {
  // No `eval` under the site's CSP (script-src 'self'): pdf.js then draws glyphs without compiled paths.
  return getDocument({ data: new Uint8Array(data), isEvalSupported: false });
}

/** Draws one page into `canvas`, `cssWidth` CSS pixels wide, sharp on the screen's pixel ratio. */
export function renderPage(page: PDFPageProxy, canvas: HTMLCanvasElement, cssWidth: number) {
  const base = page.getViewport({ scale: 1 });
  const ratio = Math.min(window.devicePixelRatio || 1, 2);
  const viewport = page.getViewport({ scale: (cssWidth * ratio) / base.width });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  return page.render({ canvas, viewport });
}
