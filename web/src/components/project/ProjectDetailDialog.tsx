import { Flex, Text } from '@aws-amplify/ui-react';
import type { ProjectCard } from '../../lib/contracts.js';
import { longDate, propertyTypeLabel } from '../../lib/format.js';
import { Dialog } from '../../ui/Dialog.js';
import { StatusBadge } from './StatusBadge.js';

/**
 * The client's project detail dialog. For now the summary the board already has; the Details, Files
 * and Activity tabs (spec/1 §2) are added here, loading GET /api/projects/{id} when opened.
 */
export function ProjectDetailDialog({ project, onClose }: { project: ProjectCard | null; onClose(): void }) {
  return (
    <Dialog open={project !== null} onClose={onClose} title={project?.title ?? ''} description="Project details" size="large">
      {project ? (
        <Flex direction="column" gap="small">
          <Flex gap="xs" alignItems="center">
            <StatusBadge status={project.status} />
            <Text as="span">{project.project_category ?? 'Design'}</Text>
          </Flex>
          <dl className="detail-list">
            <dt>Project type</dt>
            <dd>{project.project_type ?? 'N/A'}</dd>
            <dt>Property type</dt>
            <dd>{propertyTypeLabel(project.property_type)}</dd>
            <dt>Area</dt>
            <dd>{project.area_sqft !== null ? `${project.area_sqft} sq ft` : 'N/A'}</dd>
            <dt>Submitted</dt>
            <dd>{longDate(project.created_at)}</dd>
            <dt>Estimated turnaround</dt>
            <dd>
              {project.estimated_turnaround_days !== null
                ? `${project.estimated_turnaround_days} to ${project.estimated_turnaround_days + 2} business days`
                : 'Pending estimate'}
            </dd>
            <dt>Deliverables</dt>
            <dd>{project.deliverables.length ? project.deliverables.join(', ') : 'N/A'}</dd>
          </dl>
          <Text color="font.secondary" fontSize="small">
            Files, the checklist and the activity log will be shown here.
          </Text>
        </Flex>
      ) : null}
    </Dialog>
  );
}
