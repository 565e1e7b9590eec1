import { Button, Flex, Heading, Loader, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PERMIT_NUMBER_MAX, ROUNDS_MAX, type CityReviewResponse } from '#features/permits/contracts.js';
import type { ProjectDetail } from '../../../lib/contracts.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useApprovePermit } from '../api/approve-permit.js';
import { useDownloadFile } from '../api/download-file.js';
import { useGenerateResponseLetter } from '../api/generate-response-letter.js';
import { cityReviewQuery } from '../api/get-city-review.js';
import { useMarkResubmitted } from '../api/mark-resubmitted.js';
import { AddCorrectionsForm } from './AddCorrectionsForm.js';
import { CityReviewBadge } from './CityReviewBadge.js';
import { CorrectionItem, type RevisedChoice } from './CorrectionItem.js';
import './city-review.css';

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const itemCount = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * The 'City Review' tab of a permit project, for the client and their team, the assigned designer and
 * admins: the city's plan check rounds, each item and its answer, the response letter, resubmission
 * and the permit. What each person may do comes from the API's answer (`can_record`, `can_respond`).
 */
export function CityReviewTab({ project }: { project: ProjectDetail }) {
  const [round, setRound] = useState<number | null>(null);
  const { data, error, isPending } = useQuery(cityReviewQuery(project.id, round));
  if (isPending) return <Loader ariaLabel="Loading the city review" />;
  if (error || !data)
    return <Text color="font.error">{error instanceof Error ? error.message : 'Could not load the city review'}</Text>;
  return <CityReview project={project} review={data} onRound={setRound} />;
}

function CityReview({
  project,
  review,
  onRound,
}: {
  project: ProjectDetail;
  review: CityReviewResponse;
  onRound(round: number | null): void;
}) {
  const [adding, setAdding] = useState(false);
  const download = useDownloadFile(project.id);
  const generate = useGenerateResponseLetter(project.id);
  const resubmit = useMarkResubmitted(project.id);
  const shown = review.round;
  const latest = review.rounds.at(-1) ?? null;
  const isLatest = !!shown && shown.round === latest?.round;
  const approved = review.summary.stage === 'approved';
  const canAdd =
    review.can_record && !approved && (!latest || !!latest.resubmitted_at) && review.rounds.length < ROUNDS_MAX;
  const revisedChoices: RevisedChoice[] = project.files
    .filter((file) => file.file_type === 'deliverable')
    .map((file) => ({ id: file.id, label: `${file.file_name}${file.version ? ` (v${file.version})` : ''}` }));
  const letterName = (fileId: string) =>
    project.files.find((file) => file.id === fileId)?.file_name ?? 'correction-letter';

  const saveFile = (file: { id: string; name: string }) =>
    download.mutate(file, { onError: () => toast({ title: 'Unable to download file', variant: 'destructive' }) });

  async function generateLetter(number: number) {
    try {
      await generate.mutateAsync(number);
      toast({ title: 'Response letter ready', description: `Plan check round ${number}` });
    } catch (error) {
      toast({
        title: 'Could not generate the response letter',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  async function markResubmitted(number: number) {
    try {
      await resubmit.mutateAsync({ action: 'resubmit', round: number });
      toast({ title: 'Resubmitted to City', description: `Plan check round ${number}` });
    } catch (error) {
      toast({
        title: 'Could not mark the round resubmitted',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  return (
    <Flex direction="column" gap="medium" className="city-review">
      <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs">
        <Heading level={3} className="city-review__title">
          City Review
        </Heading>
        <CityReviewBadge project={{ city_review: review.summary }} />
      </Flex>
      {approved ? (
        <Text className="city-review__permit">
          Permit number <strong>{review.permit_number}</strong>
          {review.approved_at ? `, approved ${shortDate(review.approved_at)}` : ''}
        </Text>
      ) : null}
      {review.rounds.length === 0 && !adding ? (
        <Text className="city-review-muted">No corrections from the city yet.</Text>
      ) : null}
      {canAdd && !adding ? (
        <div>
          <Button variation="primary" size="small" onClick={() => setAdding(true)}>
            Add City Corrections
          </Button>
        </div>
      ) : null}
      {adding ? (
        <AddCorrectionsForm
          projectId={project.id}
          round={(latest?.round ?? 0) + 1}
          onDone={() => {
            setAdding(false);
            onRound(null);
          }}
        />
      ) : null}
      {review.rounds.length > 1 ? (
        <SelectField
          label="Round"
          size="small"
          value={String(shown?.round ?? '')}
          onChange={(event) =>
            onRound(Number(event.currentTarget.value) === latest?.round ? null : Number(event.currentTarget.value))
          }
        >
          {review.rounds.map((known) => (
            <option key={known.round} value={known.round}>
              Plan check round {known.round}
            </option>
          ))}
        </SelectField>
      ) : null}
      {shown ? (
        <section className="city-round" aria-labelledby={`city-round-${shown.round}`}>
          <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="xs">
            <Heading level={4} id={`city-round-${shown.round}`}>
              Plan check round {shown.round}
            </Heading>
            <Text className="city-review-muted">
              Received {shortDate(shown.received_at)} · {itemCount(shown.item_count)}, {shown.open_items} open
              {shown.resubmitted_at ? ` · Resubmitted ${shortDate(shown.resubmitted_at)}` : ''}
            </Text>
          </Flex>
          <Flex gap="xs" wrap="wrap">
            {shown.letter_file_id ? (
              <Button
                size="small"
                onClick={() => saveFile({ id: shown.letter_file_id!, name: letterName(shown.letter_file_id!) })}
              >
                Correction Letter
              </Button>
            ) : null}
            {shown.response_letter ? (
              <Button
                size="small"
                onClick={() => saveFile({ id: shown.response_letter!.file_id, name: shown.response_letter!.file_name })}
                aria-label={`Response Letter (round ${shown.round})`}
              >
                Response Letter
              </Button>
            ) : null}
          </Flex>
          <ol className="city-items">
            {shown.items.map((item) => (
              <CorrectionItem
                key={item.item_id}
                projectId={project.id}
                round={shown.round}
                item={item}
                canRespond={review.can_respond && isLatest && !shown.resubmitted_at}
                revisedChoices={revisedChoices}
              />
            ))}
          </ol>
          <Flex gap="xs" wrap="wrap">
            {review.can_respond && isLatest && shown.open_items === 0 && !shown.response_letter ? (
              <Button
                variation="primary"
                size="small"
                isLoading={generate.isPending}
                loadingText="Generating…"
                onClick={() => void generateLetter(shown.round)}
              >
                Generate Response Letter
              </Button>
            ) : null}
            {review.can_record && isLatest && shown.response_letter && !shown.resubmitted_at ? (
              <Button
                variation="primary"
                size="small"
                isLoading={resubmit.isPending}
                loadingText="Saving…"
                onClick={() => void markResubmitted(shown.round)}
              >
                Mark Resubmitted
              </Button>
            ) : null}
          </Flex>
        </section>
      ) : null}
      {review.can_record && !approved && (!latest || latest.resubmitted_at) && !adding ? (
        <ApprovePermitForm projectId={project.id} />
      ) : null}
    </Flex>
  );
}

function ApprovePermitForm({ projectId }: { projectId: string }) {
  const [permitNumber, setPermitNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const approve = useApprovePermit(projectId);

  async function submit() {
    if (!permitNumber.trim()) {
      setProblem('Enter the permit number');
      return;
    }
    try {
      await approve.mutateAsync({ action: 'approve', permit_number: permitNumber });
      toast({ title: 'Permit Approved', description: `Permit ${permitNumber.trim()}` });
    } catch (error) {
      toast({
        title: 'Could not record the permit',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  return (
    <section className="city-review-approve" aria-label="Permit approval">
      <Flex gap="xs" alignItems="flex-end" wrap="wrap">
        <TextField
          label="Permit Number"
          placeholder="BLD-2026-0042"
          maxLength={PERMIT_NUMBER_MAX}
          value={permitNumber}
          hasError={problem !== null}
          errorMessage={problem ?? undefined}
          onChange={(event) => {
            setPermitNumber(event.currentTarget.value);
            setProblem(null);
          }}
        />
        <Button size="small" isLoading={approve.isPending} loadingText="Saving…" onClick={() => void submit()}>
          Mark Permit Approved
        </Button>
      </Flex>
    </section>
  );
}
