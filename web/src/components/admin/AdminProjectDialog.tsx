import type { ProjectCard } from '../../lib/contracts.js';
import { ProjectManagementDialog } from '../project/ProjectManagementDialog.js';

/**
 * The project dialog opened from the admin board and the Designer Review queue: the admin-style
 * management dialog. `onChanged` is called after it changed the project, so the lists reload.
 */
export function AdminProjectDialog({ project, onClose, onChanged }: { project: ProjectCard | null; onClose(): void; onChanged?(): void }) {
  return <ProjectManagementDialog project={project} onClose={onClose} onChanged={onChanged} />;
}
