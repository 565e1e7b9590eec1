import { Badge, Button, Flex, Text, TextAreaField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { NOTE_TEXT_MAX, type ReviewNote } from '#features/reviews/contracts.js';
import { longDate } from '../../../lib/format.js';

/**
 * The pins of the version shown, in number order, each with its page and the studio's replies. The
 * studio (`canResolve`) replies to a note and marks it resolved. Texts are React text, never markup.
 */
export function NotesList({
  notes,
  shownVersion,
  selected,
  canResolve,
  resolving,
  onResolve,
  onReply,
}: {
  notes: readonly ReviewNote[];
  /** Notes of earlier versions in the list are open ones carried forward ('Open from v1'). */
  shownVersion: number;
  selected: string | null;
  canResolve: boolean;
  resolving: string | null;
  onResolve(note: ReviewNote): void;
  /** Resolves true once the reply is recorded (the field then empties). */
  onReply(note: ReviewNote, text: string): Promise<boolean>;
}) {
  if (notes.length === 0)
    return (
      <Text color="font.secondary" fontSize="small">
        No notes on this version yet.
      </Text>
    );
  return (
    <ol className="review-notes" aria-label="Notes">
      {[...notes]
        .sort((a, b) => a.version - b.version || a.number - b.number)
        .map((note) => (
          <li
            key={note.note_id}
            id={`review-note-${note.note_id}`}
            tabIndex={-1}
            aria-label={
              note.version === shownVersion ? `Note ${note.number}` : `Note ${note.number} from v${note.version}`
            }
            className={
              `review-note${selected === note.note_id ? ' review-note--selected' : ''}` +
              `${note.resolved ? ' review-note--resolved' : ''}`
            }
          >
            <span className="review-note__number" aria-hidden="true">
              {note.number}
            </span>
            <div className="review-note__body">
              <div className="review-note__meta">
                {note.version !== shownVersion ? (
                  <Badge size="small" variation="warning">
                    Open from v{note.version}
                  </Badge>
                ) : null}
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
              {note.replies.length > 0 ? (
                <ul className="review-replies" aria-label={`Replies to note ${note.number}`}>
                  {note.replies.map((reply) => (
                    <li key={reply.reply_id} className="review-reply">
                      <div className="review-note__meta">
                        <span>{reply.author_name ?? (reply.author_role === 'admin' ? 'Admin' : 'Designer')}</span>
                        <span>· {longDate(reply.at)}</span>
                      </div>
                      <p className="review-note__text preserve-lines">{reply.text}</p>
                    </li>
                  ))}
                </ul>
              ) : null}
              {canResolve ? <ReplyForm note={note} onReply={onReply} /> : null}
              {canResolve && !note.resolved ? (
                <Button
                  size="small"
                  isLoading={resolving === note.note_id}
                  loadingText="Resolving…"
                  aria-describedby={`review-note-text-${note.note_id}`}
                  onClick={() => onResolve(note)}
                >
                  Mark Resolved
                </Button>
              ) : null}
            </div>
          </li>
        ))}
    </ol>
  );
}

/** The studio's answer to one note: a field labelled 'Reply' and a button 'Reply'. */
function ReplyForm({ note, onReply }: { note: ReviewNote; onReply(note: ReviewNote, text: string): Promise<boolean> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    if (!text.trim()) return setProblem('Write a reply first');
    setProblem(null);
    setBusy(true);
    try {
      if (await onReply(note, text.trim())) setText('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="review-reply-form"
      aria-label={`Reply to note ${note.number}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Flex direction="column" gap="xxs">
        <TextAreaField
          label="Reply"
          rows={2}
          size="small"
          maxLength={NOTE_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          hasError={problem !== null}
          errorMessage={problem ?? undefined}
        />
        <Button type="submit" size="small" isLoading={busy} loadingText="Replying…" alignSelf="flex-start">
          Reply
        </Button>
      </Flex>
    </form>
  );
}
