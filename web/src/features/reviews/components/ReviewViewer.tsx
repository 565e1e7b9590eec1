import { Badge, Flex, Heading, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import type { ReviewNote } from '#features/reviews/contracts.js';
import { ApiError } from '../../../app/api.js';
import { Dialog } from '../../../ui/Dialog.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useRef, useState, type CSSProperties } from 'react';
import { ClientMessage, ReviewDecisionRecord } from './ReviewDecisionRecord.js';
import { useDrawingZoom } from './useDrawingZoom.js';
import { PageStrip, ZoomToolbar } from './ZoomToolbar.js';
import { DecisionForm } from './DecisionForm.js';
import { Drawing } from './Drawing.js';
import { NoteForm } from './NoteForm.js';
import { NotesList } from './NotesList.js';
import type { PinPoint } from './PinnablePage.js';
import { projectReviewQuery } from '../api/get-project-review.js';
import { useReviewAction } from '../api/review-action.js';
import { STATUS_LABELS, STATUS_TONES } from './review-status.js';
import './review.css';

const failed = (error: unknown) =>
  toast({
    title: 'Error',
    description: error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.',
    variant: 'destructive',
  });

export interface ReviewViewerProps {
  projectId: string;
  deliverableId: string;
  onClose(): void;
}

function Viewer({ projectId, deliverableId, onClose }: ReviewViewerProps) {
  const review = useQuery(projectReviewQuery(projectId));
  const action = useReviewAction(projectId);
  const deliverable = review.data?.deliverables.find((candidate) => candidate.deliverable_id === deliverableId);
  const [chosen, setChosen] = useState<number | null>(null);
  const [pending, setPending] = useState<PinPoint | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const frame = useRef<HTMLElement>(null);
  const { zoom, zoomIn, zoomOut, fitToWidth } = useDrawingZoom(frame);
  const [pageCount, setPageCount] = useState(1);

  const version =
    deliverable?.versions.find((candidate) => candidate.version === (chosen ?? deliverable.current_version)) ??
    deliverable?.versions.at(-1);
  const title = version ? `${version.file_name} — v${version.version}` : 'Review';
  const isCurrent = !!deliverable && version?.version === deliverable.current_version;
  const canReview = !!review.data?.can_review && isCurrent;
  const ownNotes = deliverable && version ? deliverable.notes.filter((note) => note.version === version.version) : [];
  // A note still open on an earlier version carries forward ('Open from v1') until it is resolved.
  const carried =
    deliverable && version ? deliverable.notes.filter((note) => note.version < version.version && !note.resolved) : [];
  const notes = [...carried, ...ownNotes];
  const decision = deliverable?.decisions.find((candidate) => candidate.version === version?.version) ?? null;
  // The client's latest written message up to the version shown (a later version still shows it).
  const message =
    deliverable?.decisions
      .filter((candidate) => candidate.summary && candidate.version <= (version?.version ?? 0))
      .at(-1) ?? null;
  const goToPage = (page: number) =>
    frame.current
      ?.querySelector(`[data-page="${page}"]`)
      ?.scrollIntoView({ block: 'start', inline: 'nearest', behavior: 'smooth' });
  const pendingAction = action.isPending ? action.variables?.action : undefined;

  const select = (note: ReviewNote) => {
    setSelected(note.note_id);
    const item = document.getElementById(`review-note-${note.note_id}`);
    item?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    item?.focus({ preventScroll: true });
  };
  const pin = (point: PinPoint) => {
    setPending(point);
    // The field takes focus so the note is typed at once (from the keyboard as from a click).
    requestAnimationFrame(() =>
      noteField.current?.focus({ preventScroll: window.matchMedia('(max-width: 48rem)').matches }),
    );
  };

  async function addNote(text: string): Promise<boolean> {
    if (!deliverable || !version || !pending) return false;
    try {
      await action.mutateAsync({
        action: 'pin_note',
        deliverable_id: deliverable.deliverable_id,
        version: version.version,
        page: pending.page,
        x: pending.x,
        y: pending.y,
        text,
      });
      setPending(null);
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  async function decide(decision: 'approve' | 'request_changes', summary?: string) {
    if (!deliverable || !version) return;
    try {
      if (decision === 'approve') {
        await action.mutateAsync({
          action: 'approve',
          deliverable_id: deliverable.deliverable_id,
          version: version.version,
        });
        toast({ title: 'Deliverable approved', description: title });
      } else {
        await action.mutateAsync({
          action: 'request_changes',
          deliverable_id: deliverable.deliverable_id,
          version: version.version,
          ...(summary ? { summary } : {}),
        });
        toast({ title: 'Changes requested', description: title });
      }
    } catch (error) {
      failed(error);
    }
  }

  async function reply(note: ReviewNote, text: string): Promise<boolean> {
    try {
      await action.mutateAsync({ action: 'reply', note_id: note.note_id, text });
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  }

  async function resolve(note: ReviewNote) {
    try {
      await action.mutateAsync({ action: 'resolve', note_id: note.note_id });
    } catch (error) {
      failed(error);
    }
  }

  return (
    <Dialog open onClose={onClose} title={title} description="Review">
      {review.isPending ? (
        <Flex justifyContent="center" padding="large">
          <Loader size="large" ariaLabel="Loading the review" />
        </Flex>
      ) : !deliverable || !version ? (
        <Text color="font.error">
          {review.isError ? 'Unable to load the review.' : 'This deliverable is no longer here.'}
        </Text>
      ) : (
        <div className="review-viewer">
          <div className="review-viewer__stage">
            <div className="review-viewer__tools">
              <ZoomToolbar zoom={zoom} onZoomIn={zoomIn} onZoomOut={zoomOut} onFit={fitToWidth} />
              <PageStrip pages={pageCount} onGoTo={goToPage} />
            </div>
            <section
              ref={frame}
              className="review-viewer__drawing"
              aria-label="Drawing"
              style={{ '--review-zoom': zoom } as CSSProperties}
            >
              <div className="review-viewer__pages">
                <Drawing
                  key={version.file_id}
                  projectId={projectId}
                  fileId={version.file_id}
                  fileName={version.file_name}
                  notes={notes}
                  shownVersion={version.version}
                  pending={pending}
                  canPin={canReview}
                  zoom={zoom}
                  onPages={setPageCount}
                  onPin={pin}
                  onSelect={select}
                />
              </div>
            </section>
          </div>
          <aside className="review-viewer__side" aria-label="Review notes">
            <Flex gap="xs" alignItems="center" wrap="wrap">
              {deliverable.versions.length > 1 ? (
                <SelectField
                  label="Version"
                  size="small"
                  value={String(version.version)}
                  onChange={(event) => {
                    setChosen(Number(event.currentTarget.value));
                    setPending(null);
                  }}
                >
                  {deliverable.versions.map((candidate) => (
                    <option key={candidate.version} value={candidate.version}>
                      v{candidate.version}
                      {candidate.version === deliverable.current_version ? ' (current)' : ''}
                    </option>
                  ))}
                </SelectField>
              ) : null}
              {isCurrent ? (
                <Badge size="small" variation={STATUS_TONES[deliverable.status]}>
                  {STATUS_LABELS[deliverable.status]}
                </Badge>
              ) : (
                <Badge size="small">Earlier version</Badge>
              )}
            </Flex>
            {message ? <ClientMessage decision={message} shownVersion={version.version} /> : null}
            <Heading level={3} fontSize="medium">
              Notes <Badge size="small">{notes.length}</Badge>
            </Heading>
            <NotesList
              notes={notes}
              shownVersion={version.version}
              selected={selected}
              canResolve={!!review.data?.can_respond}
              resolving={
                pendingAction === 'resolve' ? ((action.variables as { note_id?: string }).note_id ?? null) : null
              }
              onResolve={(note) => void resolve(note)}
              onReply={reply}
            />
            {canReview ? (
              <NoteForm
                ref={noteField}
                pending={pending}
                busy={pendingAction === 'pin_note'}
                onAdd={addNote}
                onCancel={() => setPending(null)}
              />
            ) : null}
            {decision ? <ReviewDecisionRecord decision={decision} /> : null}
            {canReview && !decision && deliverable.status !== 'approved' ? (
              <DecisionForm
                noteCount={ownNotes.filter((note) => !note.resolved).length}
                busy={pendingAction === 'approve' || pendingAction === 'request_changes' ? pendingAction : null}
                onApprove={() => void decide('approve')}
                onRequestChanges={(summary) => void decide('request_changes', summary)}
              />
            ) : null}
          </aside>
        </div>
      )}
    </Dialog>
  );
}

/**
 * The review viewer (loaded with React.lazy when a review opens: pdf.js and this code stay out of the screens' chunks).
 */
export default function ReviewViewer(props: ReviewViewerProps) {
  return <Viewer {...props} />;
}
