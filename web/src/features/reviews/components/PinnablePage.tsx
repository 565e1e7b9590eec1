import type { MouseEvent, ReactNode } from 'react';
import type { ReviewNote } from '#features/reviews/contracts.js';

export interface PinPoint {
  page: number;
  x: number;
  y: number;
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * One page of the drawing with its pins, numbered as in the list. Where the reviewer may pin, a click
 * or tap puts the new pin where it landed; from the keyboard, Enter or Space puts it at the page's
 * centre (it can then be moved with a click).
 */
export function PinnablePage({
  page,
  pages,
  notes,
  shownVersion,
  pending,
  canPin,
  rendered,
  aspect,
  onPin,
  onSelect,
  children,
}: {
  page: number;
  pages: number;
  notes: readonly ReviewNote[];
  /** Notes of an earlier version (carried forward) are marked with it. */
  shownVersion: number;
  pending: PinPoint | null;
  canPin: boolean;
  rendered: boolean;
  /** Width / height, to hold the page's place before it is drawn. */
  aspect?: number;
  onPin(point: PinPoint): void;
  onSelect(note: ReviewNote): void;
  children: ReactNode;
}) {
  const label = `Page ${page} of ${pages}`;
  const pin = (event: MouseEvent<HTMLButtonElement>) => {
    if (!canPin) return;
    // Pressed with Enter or Space (no pointer, so no point): the note goes at the centre.
    if (event.detail === 0) return onPin({ page, x: 0.5, y: 0.5 });
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onPin({ page, x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  };

  return (
    <figure className="review-page" aria-label={label} data-page={page} data-rendered={rendered ? 'true' : 'false'}>
      <div className="review-page__surface" style={aspect ? { aspectRatio: String(aspect) } : undefined}>
        {children}
        {canPin ? (
          // The pins are siblings of the target, above it, not inside it: no button within a button.
          <button
            type="button"
            className="review-page__target"
            aria-label={`${label}: click or tap where a note belongs, or press Enter to pin one at the centre`}
            onClick={pin}
          />
        ) : null}
        {notes.map((note) => {
          const earlier = note.version !== shownVersion;
          const resolvedClass = note.resolved ? ' review-pin--resolved' : '';
          const carriedClass = earlier ? ' review-pin--carried' : '';
          const fromVersion = earlier ? ` from v${note.version}` : '';
          return (
            <button
              key={note.note_id}
              type="button"
              className={`review-pin${resolvedClass}${carriedClass}`}
              style={{ left: `${note.x * 100}%`, top: `${note.y * 100}%` }}
              aria-label={`Note ${note.number}${fromVersion}${note.resolved ? ', resolved' : ''}`}
              data-note={note.number}
              onClick={(event) => {
                event.stopPropagation();
                onSelect(note);
              }}
            >
              {earlier ? `v${note.version}·${note.number}` : note.number}
            </button>
          );
        })}
        {pending && pending.page === page ? (
          <span
            className="review-pin review-pin--pending"
            style={{ left: `${pending.x * 100}%`, top: `${pending.y * 100}%` }}
            aria-hidden="true"
          >
            +
          </span>
        ) : null}
      </div>
      <figcaption className="review-page__caption">{label}</figcaption>
    </figure>
  );
}
