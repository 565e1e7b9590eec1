import { Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { PDFDocumentProxy } from './pdf.js';

/** Holds the PDF's pages once opened; each page draws itself when mounted (see PdfCanvas). */
export function usePdf(url: string | undefined) {
  const [state, setState] = useState<{ doc: PDFDocumentProxy | null; error: string | null }>({
    doc: null,
    error: null,
  });
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setState({ doc: null, error: null });
    (async () => {
      const [pdf, response] = await Promise.all([import('./pdf.js'), fetch(url)]);
      if (!response.ok) throw new Error(`The file answered ${response.status}`);
      const task = pdf.openPdf(await response.arrayBuffer());
      destroy = () => task.destroy();
      if (cancelled) return void destroy();
      const doc = await task.promise;
      if (!cancelled) setState({ doc, error: null });
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.error('Could not open the PDF', error);
      setState({ doc: null, error: 'Unable to open this PDF. Download it instead.' });
    });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [url]);
  return state;
}

/** One PDF page drawn with pdf.js, as wide as its column (sharp on high-density screens). */
export function PdfCanvas({
  doc,
  page,
  level = 1,
  onAspect,
  onRendered,
}: {
  doc: PDFDocumentProxy;
  page: number;
  level?: number;
  onAspect(aspect: number): void;
  onRendered(): void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  // The callbacks only report: drawing again is for a new document, page or zoom step.
  const reportAspect = useEffectEvent(onAspect);
  const reportRendered = useEffectEvent(onRendered);
  useEffect(() => {
    let cancelled = false;
    let cancelRender: (() => void) | undefined;
    (async () => {
      const [pdf, proxy] = await Promise.all([import('./pdf.js'), doc.getPage(page)]);
      const target = canvas.current;
      if (cancelled || !target) return;
      const base = proxy.getViewport({ scale: 1 });
      reportAspect(base.width / base.height);
      // Zoomed in, the page is drawn again as wide as it now shows (a whole zoom step at a time).
      const width = Math.min(1400 * level, Math.max(320, target.parentElement?.clientWidth ?? 900));
      const task = pdf.renderPage(proxy, target, width);
      cancelRender = () => task.cancel();
      await task.promise;
      if (!cancelled) reportRendered();
    })().catch((error: unknown) => {
      if (cancelled || (error as { name?: string }).name === 'RenderingCancelledException') return;
      console.error('Could not draw a PDF page', error);
      setFailed(true);
    });
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [doc, page, level]);
  if (failed) return <Text color="font.error">Unable to draw page {page}.</Text>;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabIndex takes no focus; its figure names it.
    <canvas ref={canvas} className="review-page__canvas" aria-hidden="true" />
  );
}

export function PdfLoading() {
  return (
    <div className="review-loading" role="status">
      <Loader size="large" ariaLabel="Loading the drawing" />
    </div>
  );
}
