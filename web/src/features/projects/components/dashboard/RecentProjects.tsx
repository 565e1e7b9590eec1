import { Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { Link as RouterLink } from 'react-router-dom';
import type { ProjectCard } from '#web/lib/contracts.js';
import { shortDate } from '#web/lib/format.js';
import { StatusBadge } from '../StatusBadge.js';

export const RECENT_PROJECTS = 5;

/** 'Recent Projects': the 5 newest, each opening the project detail dialog. */
export function RecentProjects({
  projects,
  onOpen,
}: {
  projects: readonly ProjectCard[];
  onOpen(project: ProjectCard): void;
}) {
  const recent = [...projects]
    .sort((a, b) => ((a.created_at ?? '') < (b.created_at ?? '') ? 1 : -1))
    .slice(0, RECENT_PROJECTS);
  return (
    <section aria-labelledby="recent-projects-heading" className="recent-projects">
      <Flex justifyContent="space-between" alignItems="center" marginBottom="small">
        <Heading level={2} fontSize="large" id="recent-projects-heading">
          Recent Projects
        </Heading>
        <Link as={RouterLink} to="/board">
          View All Projects
        </Link>
      </Flex>
      <ul className="recent-list">
        {recent.map((project) => (
          <li key={project.id}>
            <button
              type="button"
              className="recent-item"
              aria-haspopup="dialog"
              onClick={() => onOpen(project)}
              data-project-id={project.id}
            >
              <Flex direction="column" gap="0">
                <Text as="span" fontWeight="600">
                  {project.title}
                </Text>
                <Text as="span" fontSize="small" color="font.secondary">
                  {project.project_category ?? 'Design'} · {project.project_type ?? 'N/A'} ·{' '}
                  {shortDate(project.created_at)}
                </Text>
              </Flex>
              <StatusBadge status={project.status} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
