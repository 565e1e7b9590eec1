import type { ProjectCard } from '../../../lib/contracts.js';
import { ProjectManagementDialog } from './ProjectManagementDialog.js';

/**
 * The project dialog opened from the admin board and the Designer Review queue: the admin-style
 * management dialog. The lists behind it follow the live `projects` topic.
 */
export function AdminProjectDialog({ project, onClose }: { project: ProjectCard | null; onClose(): void }) {
  return <ProjectManagementDialog project={project} onClose={onClose} />;
}
