import { Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../lib/api.js';
import type { ListProjectsResponse, ProjectCard } from '../../lib/contracts.js';
import { AuditHistory } from './AuditHistory.js';

/** The admin's Audit tab: choose a project (or type any stream id) and read its verified history. */
export function AuditPanel() {
  const [params, setParams] = useSearchParams();
  const [projects, setProjects] = useState<ProjectCard[]>([]);
  const stream = params.get('stream') ?? '';

  useEffect(() => {
    api.get<ListProjectsResponse>('/projects').then((response) => setProjects(response.projects), () => setProjects([]));
  }, []);

  const choose = (next: string) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set('stream', next);
    else updated.delete('stream');
    setParams(updated, { replace: true });
  };

  return (
    <Flex direction="column" gap="1rem">
      <Flex gap="1rem" wrap="wrap" alignItems="flex-end">
        <SelectField label="Project" value={stream.startsWith('project-') ? stream : ''} onChange={(event) => choose(event.target.value)} minWidth="16rem">
          <option value="">Choose a project…</option>
          {projects.map((project) => (
            <option key={project.id} value={`project-${project.id}`}>
              {project.title}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Or a stream id"
          placeholder="user-…, team-…, project-…"
          defaultValue={stream}
          key={stream}
          onKeyDown={(event) => {
            if (event.key === 'Enter') choose((event.target as HTMLInputElement).value.trim());
          }}
        />
      </Flex>
      {stream ? <AuditHistory key={stream} streamId={stream} /> : <p>Choose a project to see its history, verified event by event.</p>}
    </Flex>
  );
}
