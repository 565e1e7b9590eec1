import { useEffect, useId, useRef } from 'react';
import type { SampleCard } from './content.js';

/**
 * 'View Sample': the sample at a larger size in a modal (the native <dialog>: focus stays inside,
 * Escape and the backdrop close it). Plain React and CSS, like the rest of the landing page.
 */
export function SampleViewer({ sample, onClose }: { sample: SampleCard | null; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (sample && !dialog.open) dialog.showModal();
    if (!sample && dialog.open) dialog.close();
  }, [sample]);

  return (
    // The click is on the backdrop; its keyboard counterpart is Escape, which closes the dialog (onClose).
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the backdrop click's keyboard counterpart (above).
    <dialog
      ref={ref}
      className="lp-viewer"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {sample ? (
        <figure className="lp-viewer__figure">
          <img
            className="lp-viewer__image"
            src={sample.image}
            alt={sample.alt}
            width={1280}
            height={800}
            decoding="async"
          />
          <figcaption className="lp-viewer__caption">
            <p className="lp-sample__category">{sample.category}</p>
            <h2 id={titleId} className="lp-viewer__title">
              {sample.title}
            </h2>
            <p className="lp-sample__text">{sample.description}</p>
          </figcaption>
          <button type="button" className="lp-viewer__close" aria-label="Close sample" onClick={onClose}>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </button>
        </figure>
      ) : null}
    </dialog>
  );
}
