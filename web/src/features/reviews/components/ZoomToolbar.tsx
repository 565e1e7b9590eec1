import { Button } from '@aws-amplify/ui-react';
import { ZOOM_MAX, ZOOM_MIN } from './useDrawingZoom.js';

/** The viewer's zoom controls: out, the level, in, and 'Fit to width' (100 %: the page fills the frame). */
export function ZoomToolbar({
  zoom,
  onZoomIn,
  onZoomOut,
  onFit,
}: {
  zoom: number;
  onZoomIn(): void;
  onZoomOut(): void;
  onFit(): void;
}) {
  return (
    <div className="review-zoom" role="toolbar" aria-label="Zoom">
      <Button
        size="small"
        className="review-zoom__button"
        aria-label="Zoom out"
        isDisabled={zoom <= ZOOM_MIN}
        onClick={onZoomOut}
      >
        −
      </Button>
      <output className="review-zoom__level" aria-label="Zoom level" aria-live="polite">
        {Math.round(zoom * 100)}%
      </output>
      <Button
        size="small"
        className="review-zoom__button"
        aria-label="Zoom in"
        isDisabled={zoom >= ZOOM_MAX}
        onClick={onZoomIn}
      >
        +
      </Button>
      <Button size="small" className="review-zoom__fit" isDisabled={zoom === 1} onClick={onFit}>
        Fit to width
      </Button>
    </div>
  );
}

/** Buttons to the pages of a multi-page PDF: each scrolls its page into the frame. */
export function PageStrip({ pages, onGoTo }: { pages: number; onGoTo(page: number): void }) {
  if (pages < 2) return null;
  return (
    <nav className="review-page-strip" aria-label="Pages">
      {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
        <Button
          key={page}
          size="small"
          className="review-page-strip__page"
          aria-label={`Go to page ${page}`}
          onClick={() => onGoTo(page)}
        >
          {page}
        </Button>
      ))}
    </nav>
  );
}
