import { Button, Flex, Text, TextAreaField } from '@aws-amplify/ui-react';
import { forwardRef, useState } from 'react';
import { NOTE_TEXT_MAX } from '#features/reviews/contracts.js';
import type { PinPoint } from './PinnablePage.js';

/** The note for the pin just placed: 'Note' and 'Add Note'. */
export const NoteForm = forwardRef<
  HTMLTextAreaElement,
  { pending: PinPoint | null; busy: boolean; onAdd(text: string): Promise<boolean>; onCancel(): void }
>(function NoteForm({ pending, busy, onAdd, onCancel }, ref) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    if (!pending) return setProblem('Click or tap the drawing where the note belongs first.');
    if (!text.trim()) return setProblem('Write a note first');
    setProblem(null);
    if (await onAdd(text.trim())) setText('');
  }

  return (
    <form
      className="review-note-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Text fontSize="small" color="font.secondary" aria-live="polite">
        {pending ? `New pin on page ${pending.page}.` : 'Click or tap the drawing to pin a note.'}
      </Text>
      <TextAreaField
        ref={ref}
        label="Note"
        rows={3}
        maxLength={NOTE_TEXT_MAX}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        hasError={problem !== null}
        errorMessage={problem ?? undefined}
      />
      <Flex gap="xs">
        <Button type="submit" size="small" variation="primary" isLoading={busy} loadingText="Adding…">
          Add Note
        </Button>
        {pending ? (
          <Button size="small" variation="link" onClick={onCancel}>
            Remove pin
          </Button>
        ) : null}
      </Flex>
    </form>
  );
});
