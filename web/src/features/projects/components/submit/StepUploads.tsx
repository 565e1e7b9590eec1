import {
  Button,
  CheckboxField,
  DropZone,
  Fieldset,
  Flex,
  Text,
  TextAreaField,
  TextField,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ROOMS } from '#shared/intake-options.js';
import { ACCEPT_ATTRIBUTE, ACCEPTED_TYPES_TEXT, MAX_FILES } from '#shared/uploads.js';
import { toast } from '#web/ui/toast/use-toast.js';
import { FileList } from './FileList.js';
import type { StepProps } from './StepBasics.js';
import type { UploadItem } from './uploads-state.js';
import { normaliseLink, toggle } from './wizard.js';

export interface StepUploadsProps extends StepProps {
  files: readonly UploadItem[];
  onAddFiles(files: File[]): void;
  onRemoveFile(id: string): void;
}

/** Step 3 'Uploads & References': files (drag and drop or browse); for Design also links, rooms and room notes. */
export function StepUploads({ form, onChange, files, onAddFiles, onRemoveFile }: StepUploadsProps) {
  const design = form.project_category !== 'Permit';
  return (
    <Flex direction="column" gap="large">
      <FilePicker files={files} onAddFiles={onAddFiles} onRemoveFile={onRemoveFile} />
      {design ? (
        <>
          <InspirationLinks
            links={form.inspiration_links}
            onChange={(inspiration_links) => onChange({ ...form, inspiration_links })}
          />
          <Fieldset legend="Rooms" variation="outlined" direction="column" gap="xs">
            <Flex wrap="wrap" gap="medium">
              {ROOMS.map((room) => (
                <CheckboxField
                  key={room}
                  label={room}
                  name="room_selection"
                  value={room}
                  checked={form.room_selection.includes(room)}
                  onChange={(event) =>
                    onChange({ ...form, room_selection: toggle(form.room_selection, room, event.target.checked) })
                  }
                />
              ))}
            </Flex>
          </Fieldset>
          <TextAreaField
            label="Room Notes"
            name="room_notes"
            rows={3}
            maxLength={5_000}
            placeholder="Anything specific about the rooms you selected."
            value={form.room_notes}
            onChange={(event) => onChange({ ...form, room_notes: event.target.value })}
          />
        </>
      ) : null}
    </Flex>
  );
}

function FilePicker({
  files,
  onAddFiles,
  onRemoveFile,
}: Pick<StepUploadsProps, 'files' | 'onAddFiles' | 'onRemoveFile'>) {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Flex direction="column" gap="small">
      <label htmlFor={inputId} className="field-label">
        Project Files
      </label>
      <DropZone className="upload-dropzone" onDropComplete={({ acceptedFiles }) => onAddFiles(acceptedFiles)}>
        <Flex direction="column" alignItems="center" gap="xs">
          <Text fontWeight="600">Drag and drop files here</Text>
          <Text fontSize="small" color="font.secondary" id={hintId}>
            {ACCEPTED_TYPES_TEXT}. Up to {MAX_FILES} files. They are uploaded when you submit the project.
          </Text>
          <Button size="small" onClick={() => input.current?.click()}>
            Browse files
          </Button>
        </Flex>
        <VisuallyHidden>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            aria-describedby={hintId}
            tabIndex={-1}
            onChange={(event) => {
              const chosen = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (chosen.length) onAddFiles(chosen);
            }}
          />
        </VisuallyHidden>
      </DropZone>
      <FileList items={files} onRemove={onRemoveFile} />
    </Flex>
  );
}

function InspirationLinks({ links, onChange }: { links: readonly string[]; onChange(links: string[]): void }) {
  const [draft, setDraft] = useState('');

  function add() {
    if (!draft.trim()) return;
    const link = normaliseLink(draft);
    if (!link) {
      toast({
        title: 'Invalid link',
        description: 'Enter a web address such as https://example.com/inspiration.',
        variant: 'destructive',
      });
      return;
    }
    if (!links.includes(link)) onChange([...links, link]);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  return (
    <Flex direction="column" gap="small">
      <Flex alignItems="flex-end" gap="small">
        <TextField
          label="Inspiration Links"
          name="inspiration_link"
          type="url"
          inputMode="url"
          placeholder="https://www.pinterest.com/…"
          flex="1"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button onClick={add} isDisabled={!draft.trim()}>
          Add
        </Button>
      </Flex>
      {links.length > 0 ? (
        <ul className="link-list" aria-label="Links added">
          {links.map((link) => (
            <li key={link}>
              <a href={link} target="_blank" rel="noreferrer noopener" className="link-list__url">
                {link}
              </a>
              <Button
                size="small"
                variation="link"
                aria-label={`Remove link ${link}`}
                onClick={() => onChange(links.filter((item) => item !== link))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
