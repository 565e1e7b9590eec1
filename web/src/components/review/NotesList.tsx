import { Badge, Button, Text } from '@aws-amplify/ui-react';
import type { ReviewNote } from '../../../../functions/features/reviews/contracts.js';
import { longDate } from '../../lib/format.js';

/**
 * The pins of the version shown, in number order, each with its page. The studio (`canResolve`)
 * marks a note resolved. Note text is React text, never markup.
 */
export function NotesList({
  notes,
  selected,
  canResolve,
  resolving,
  onResolve,
}: {
  notes: readonly ReviewNote[];
  selected: string | null;
  canResolve: boolean;
  resolving: string | null;
  onResolve(note: ReviewNote): void;
}) {
  if (notes.length === 0) return <Text color="font.secondary" fontSize="small">No notes on this version yet.</Text>;
  return (
    <ol className="review-notes" aria-label="Notes">
      {[...notes]
        .sort((a, b) => a.number - b.number)
        .map((note) => (
          <li
            key={note.note_id}
            id={`review-note-${note.note_id}`}
            tabIndex={-1}
            aria-label={`Note ${note.number}`}
            className={`review-note${selected === note.note_id ? ' review-note--selected' : ''}${note.resolved ? ' review-note--resolved' : ''}`}
          >
            <span className="review-note__number" aria-hidden="true">
              {note.number}
            </span>
            <div className="review-note__body">
              <div className="review-note__meta">
                <span>Page {note.page}</span>
                {note.author_name ? <span>· {note.author_name}</span> : null}
                <span>· {longDate(note.at)}</span>
                {note.resolved ? (
                  <Badge size="small" variation="success">
                    Resolved
                  </Badge>
                ) : null}
              </div>
              <p className="review-note__text preserve-lines" id={`review-note-text-${note.note_id}`}>
                {note.text}
              </p>
              {canResolve && !note.resolved ? (
                <Button size="small" isLoading={resolving === note.note_id} loadingText="Resolving…" aria-describedby={`review-note-text-${note.note_id}`} onClick={() => onResolve(note)}>
                  Mark Resolved
                </Button>
              ) : null}
            </div>
          </li>
        ))}
    </ol>
  );
}
