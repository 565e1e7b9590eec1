import { Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { ProjectCard } from '../../../lib/contracts.js';
import { myProjectsQuery } from '../../projects/api/get-my-projects.js';
import { AuditHistory } from './AuditHistory.js';

/** The admin's Audit tab: choose a project (or type any stream id) and read its verified history. */
export function AuditPanel() {
  const [params, setParams] = useSearchParams();
  // The projects the admin has loaded (GET /api/projects, the same cached view as the boards).
  const list = useInfiniteQuery(myProjectsQuery());
  const projects: ProjectCard[] = list.data?.pages.flatMap((page) => page.projects) ?? [];
  const stream = params.get('stream') ?? '';

  const choose = (next: string) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set('stream', next);
    else updated.delete('stream');
    setParams(updated, { replace: true });
  };

  return (
    <Flex direction="column" gap="1rem">
      <Flex gap="1rem" wrap="wrap" alignItems="flex-end">
        <SelectField
          label="Project"
          value={stream.startsWith('project-') ? stream : ''}
          onChange={(event) => choose(event.target.value)}
          minWidth="16rem"
        >
          <option value="">Choose a project…</option>
          {projects.map((project) => (
            <option key={project.id} value={`project-${project.id}`}>
              {project.title}
            </option>
          ))}
        </SelectField>
        {/* An account's or a team's history, by its internal id: for engineers, behind 'Details'. */}
        <details className="audit__details">
          <summary>Details: open another history by its id</summary>
          <TextField
            label="History id"
            placeholder="user-…, team-…, project-…"
            defaultValue={stream}
            key={stream}
            onKeyDown={(event) => {
              if (event.key === 'Enter') choose((event.target as HTMLInputElement).value.trim());
            }}
          />
        </details>
      </Flex>
      {stream ? (
        <AuditHistory key={stream} streamId={stream} />
      ) : (
        <p>Choose a project to see its history, verified event by event.</p>
      )}
    </Flex>
  );
}
