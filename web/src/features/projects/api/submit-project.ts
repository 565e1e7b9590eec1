import { useMutation } from '@tanstack/react-query';
import type { SubmitProjectBody } from '#features/projects/contracts.js';
import { ActionKeys, api } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import type { ProjectResponse } from '../../../lib/contracts.js';
import { projectKeys } from './keys.js';

/** A retried submission (same wizard content) reuses its Idempotency-Key: one project, not two. */
const submissionKeys = new ActionKeys();

/** POST /api/projects: the project with its reviewed checklist; the lists follow the `projects` topic. */
export function useSubmitProject() {
  return useMutation({
    mutationFn: (submission: SubmitProjectBody) =>
      submissionKeys.run(submission, (idempotencyKey) =>
        api.post<ProjectResponse>('/projects', submission, { idempotencyKey }),
      ),
    onSuccess: () => refreshUnlessLive([projectKeys.lists()]),
  });
}
