import { Button, Flex, TextAreaField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { SUMMARY_MAX } from '#features/reviews/contracts.js';

export const NEEDS_NOTE_OR_SUMMARY = 'Add at least one note or a written summary to request changes.';

/** The client's decision on the version shown: 'Approve' or 'Request Changes' (a note or a summary first). */
export function DecisionForm({
  noteCount,
  busy,
  onApprove,
  onRequestChanges,
}: {
  noteCount: number;
  busy: 'approve' | 'request_changes' | null;
  onApprove(): void;
  onRequestChanges(summary: string): void;
}) {
  const [summary, setSummary] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <section className="review-decision" aria-label="Decision">
      <TextAreaField
        label="Summary (optional)"
        descriptiveText="What should change overall, besides the pinned notes"
        rows={2}
        maxLength={SUMMARY_MAX}
        value={summary}
        onChange={(event) => {
          setSummary(event.currentTarget.value);
          setProblem(null);
        }}
        hasError={problem !== null}
        errorMessage={problem ?? undefined}
      />
      <Flex gap="xs" wrap="wrap">
        <Button
          variation="primary"
          isDisabled={busy !== null}
          isLoading={busy === 'approve'}
          loadingText="Approving…"
          onClick={onApprove}
        >
          Approve
        </Button>
        <Button
          variation="warning"
          isDisabled={busy !== null}
          isLoading={busy === 'request_changes'}
          loadingText="Sending…"
          onClick={() => {
            if (noteCount === 0 && !summary.trim()) return setProblem(NEEDS_NOTE_OR_SUMMARY);
            onRequestChanges(summary.trim());
          }}
        >
          Request Changes
        </Button>
      </Flex>
    </section>
  );
}
