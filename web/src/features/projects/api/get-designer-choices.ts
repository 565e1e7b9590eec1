import { queryOptions } from '@tanstack/react-query';
import { designerOptions, projectsApi } from './projects.js';
import { projectKeys } from './keys.js';

/** GET /api/designers as the Management tab's choices (active designers, pre-authorised ones by e-mail). */
export const designerChoicesQuery = () =>
  queryOptions({ queryKey: projectKeys.designerChoices(), queryFn: async () => designerOptions(await projectsApi.designers()), meta: { topics: ['designers'] } });
