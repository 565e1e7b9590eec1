import { Alert, Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import {
  CODE_REFERENCE_MAX,
  COMMENT_MAX,
  ITEMS_PER_ROUND_MAX,
  SHEET_MAX,
  type ProposalSource,
} from '#features/permits/contracts.js';
import { ACCEPT_ATTRIBUTE } from '#shared/uploads.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { useReadLetter } from '../api/read-letter.js';
import { useRecordCorrections } from '../api/record-corrections.js';
import { useUploadLetter } from '../api/upload-letter.js';

interface DraftItem {
  key: number;
  comment: string;
  sheet: string;
  code_reference: string;
  number: number | null;
}

let nextKey = 1;
const emptyItem = (): DraftItem => ({ key: nextKey++, comment: '', sheet: '', code_reference: '', number: null });

/**
 * 'Add City Corrections': the city's letter (optional; read for you when it is a PDF) and its items,
 * each a 'Comment' (required) and a 'Sheet'. Items read from the letter are proposals: the person
 * checks and edits them before 'Save Corrections'. Texts are always shown as text.
 */
export function AddCorrectionsForm({ projectId, round, onDone }: { projectId: string; round: number; onDone(): void }) {
  const [items, setItems] = useState<DraftItem[]>([emptyItem()]);
  const [letter, setLetter] = useState<{ id: string; name: string } | null>(null);
  const [source, setSource] = useState<ProposalSource>('manual');
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadLetter(projectId);
  const read = useReadLetter(projectId);
  const record = useRecordCorrections(projectId);
  const fileFieldId = useId();
  const busy = upload.isPending || read.isPending || record.isPending;

  const change = (key: number, patch: Partial<DraftItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  async function chooseLetter(file: File | undefined) {
    if (!file) return;
    setNote(null);
    try {
      const recorded = await upload.mutateAsync(file);
      setLetter({ id: recorded.id, name: recorded.file_name });
      if (recorded.file_category !== 'application/pdf') {
        setNote('Type the items from the letter below.');
        return;
      }
      const proposed = await read.mutateAsync(recorded.id);
      if (proposed.items.length === 0) {
        setNote('The letter could not be read for you: type its items below.');
        return;
      }
      setSource(proposed.source);
      setItems(
        proposed.items.map((item) => ({
          key: nextKey++,
          comment: item.comment,
          sheet: item.sheet ?? '',
          code_reference: item.code_reference ?? '',
          number: item.number,
        })),
      );
      setNote(
        `${proposed.items.length} ${proposed.items.length === 1 ? 'item was' : 'items were'} read from the letter. ` +
          `Check each one against the letter before saving.`,
      );
    } catch (error) {
      toast({
        title: 'Could not read the correction letter',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  async function save() {
    const filled = items.filter((item) => item.comment.trim());
    if (filled.length === 0 || filled.length !== items.length) {
      setProblem('Every item needs a comment');
      return;
    }
    try {
      await record.mutateAsync({
        action: 'record_corrections',
        letter_file_id: letter?.id ?? null,
        source,
        items: filled.map((item) => ({
          comment: item.comment,
          sheet: item.sheet.trim() || null,
          code_reference: item.code_reference.trim() || null,
          number: item.number,
        })),
      });
      toast({
        title: 'City corrections recorded',
        description: `Plan check round ${round}: ${filled.length} ${filled.length === 1 ? 'item' : 'items'}`,
      });
      onDone();
    } catch (error) {
      toast({
        title: 'Could not record the corrections',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
  }

  return (
    <section className="city-review-form" aria-label="Add City Corrections">
      <Text fontWeight="bold">Plan check round {round}</Text>
      <Flex direction="column" gap="xxs">
        <label htmlFor={fileFieldId} className="city-review-form__label">
          Correction Letter <span className="city-review-muted">(optional: PDF or image)</span>
        </label>
        <input
          id={fileFieldId}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          disabled={busy}
          onChange={(event) => void chooseLetter(event.currentTarget.files?.[0])}
        />
        {upload.isPending || read.isPending ? (
          <Text className="city-review-muted">
            {upload.isPending ? 'Uploading the letter…' : 'Reading the letter…'}
          </Text>
        ) : null}
        {letter ? <Text className="city-review-muted">Attached: {letter.name}</Text> : null}
      </Flex>
      {note ? (
        <Alert variation="info" role="status">
          {note}
        </Alert>
      ) : null}
      <ol className="city-review-form__items">
        {items.map((item, index) => (
          <li key={item.key}>
            <fieldset className="city-review-form__item">
              <legend>Item {item.number ?? index + 1}</legend>
              <TextAreaField
                label="Comment"
                rows={3}
                maxLength={COMMENT_MAX}
                value={item.comment}
                isRequired
                onChange={(event) => {
                  change(item.key, { comment: event.currentTarget.value });
                  setProblem(null);
                }}
              />
              <Flex gap="xs" wrap="wrap">
                <TextField
                  label="Sheet"
                  descriptiveText="For example A-2"
                  maxLength={SHEET_MAX}
                  value={item.sheet}
                  onChange={(event) => change(item.key, { sheet: event.currentTarget.value })}
                />
                <TextField
                  label="Code Reference"
                  descriptiveText="Optional"
                  maxLength={CODE_REFERENCE_MAX}
                  value={item.code_reference}
                  onChange={(event) => change(item.key, { code_reference: event.currentTarget.value })}
                />
              </Flex>
              {items.length > 1 ? (
                <Button
                  size="small"
                  variation="link"
                  onClick={() => setItems((current) => current.filter((known) => known.key !== item.key))}
                >
                  Remove item {item.number ?? index + 1}
                </Button>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      {problem ? (
        <Text color="font.error" role="alert">
          {problem}
        </Text>
      ) : null}
      <Flex gap="xs" wrap="wrap">
        <Button
          size="small"
          isDisabled={busy || items.length >= ITEMS_PER_ROUND_MAX}
          onClick={() => setItems((current) => [...current, emptyItem()])}
        >
          Add Item
        </Button>
        <Button
          variation="primary"
          size="small"
          isDisabled={busy}
          isLoading={record.isPending}
          loadingText="Saving…"
          onClick={() => void save()}
        >
          Save Corrections
        </Button>
        <Button size="small" variation="link" isDisabled={busy} onClick={onDone}>
          Cancel
        </Button>
      </Flex>
    </section>
  );
}
