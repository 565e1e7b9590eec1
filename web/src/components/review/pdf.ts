/**
 * pdf.js, in a chunk of its own that only a PDF review loads. The worker is a file Vite emits next to
 * the chunks (same origin, so the site's CSP allows it as it stands: `worker-src` falls back to
 * `script-src 'self'`).
 */
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

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
