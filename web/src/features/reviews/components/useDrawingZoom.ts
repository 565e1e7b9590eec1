import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 4;
const STEP = 1.25;
/** A drag shorter than this is a click (it pins a note); longer, it pans. */
const PAN_THRESHOLD = 6;

const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom * 100) / 100));
const distance = (touches: TouchList) =>
  Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);

/**
 * Zoom and pan for the drawing's scrolling frame: 1 is 'Fit to width'. Ctrl/⌘ + wheel and a two-finger
 * pinch zoom about the frame's centre; a mouse drag (or scrolling, or one finger) pans. The pages are
 * laid out at `zoom` × the frame's width, and the pins sit in percentages of their page, so a pin
 * stays on its spot at every zoom.
 */
export function useDrawingZoom(frame: RefObject<HTMLElement | null>) {
  const [zoom, setZoomState] = useState(1);
  const previous = useRef(1);
  const setZoom = useCallback((next: number | ((current: number) => number)) => {
    setZoomState((current) => clampZoom(typeof next === 'function' ? next(current) : next));
  }, []);

  // Keep the centre of what the reader looked at in the centre after a zoom.
  useLayoutEffect(() => {
    const element = frame.current;
    const ratio = zoom / previous.current;
    previous.current = zoom;
    if (!element || ratio === 1) return;
    const centreX = element.scrollLeft + element.clientWidth / 2;
    const centreY = element.scrollTop + element.clientHeight / 2;
    element.scrollLeft = centreX * ratio - element.clientWidth / 2;
    element.scrollTop = centreY * ratio - element.clientHeight / 2;
  }, [zoom, frame]);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      // Without this the browser zooms the whole page.
      event.preventDefault();
      setZoom((current) => current * (event.deltaY < 0 ? 1.1 : 1 / 1.1));
    };
    let pinch: { distance: number; zoom: number } | null = null;
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length === 2) pinch = { distance: distance(event.touches), zoom: previous.current };
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const start = pinch;
      setZoom(start.zoom * (distance(event.touches) / start.distance));
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null;
    };
    // Mouse drag to pan: the click that ends a drag must not pin a note.
    let drag: { x: number; y: number; left: number; top: number; moved: boolean } | null = null;
    let swallowClick = false;
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse' || event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, left: element.scrollLeft, top: element.scrollTop, moved: false };
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!drag) return;
      const dx = event.clientX - drag.x;
      const dy = event.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < PAN_THRESHOLD) return;
      drag.moved = true;
      element.classList.add('review-viewer__drawing--panning');
      element.scrollLeft = drag.left - dx;
      element.scrollTop = drag.top - dy;
    };
    const onPointerUp = () => {
      if (drag?.moved) swallowClick = true;
      drag = null;
      element.classList.remove('review-viewer__drawing--panning');
    };
    const onClickCapture = (event: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.stopPropagation();
      event.preventDefault();
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    element.addEventListener('touchend', onTouchEnd);
    element.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointermove', onPointerMove);
    window.addEventListener('pointerup', onPointerUp);
    element.addEventListener('click', onClickCapture, true);
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onTouchEnd);
      element.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointermove', onPointerMove);
      window.removeEventListener('pointerup', onPointerUp);
      element.removeEventListener('click', onClickCapture, true);
    };
  }, [frame, setZoom]);

  return {
    zoom,
    zoomIn: () => setZoom((current) => current * STEP),
    zoomOut: () => setZoom((current) => current / STEP),
    fitToWidth: () => setZoom(1),
  };
}
