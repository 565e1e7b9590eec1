import { Badge, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import type { ProjectDetail } from '../../../lib/contracts.js';
import { longDate, propertyTypeLabel } from '../../../lib/format.js';
import { calendarDate, turnaroundBusinessDays } from '../../../lib/project-words.js';
import { ChecklistSummaryCard } from '../../checklists/index.js';
import { StatusBadge } from './StatusBadge.js';
import type { StatusAudience } from '../../../lib/vocabulary.js';

const list = (values: readonly string[] | null | undefined) =>
  values && values.length > 0 ? values.join(', ') : 'N/A';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="detail-section" aria-label={title}>
      <Heading level={4} fontSize="small" className="detail-section__title">
        {title}
      </Heading>
      <div className="detail-section__body">{children}</div>
    </section>
  );
}

/**
 * The Details tab (docs/product.md#screens): every field of the project, the two flags and the checklist summary.
 * Text is shown as text (React escapes it); links open in a new tab without an opener.
 */
export function ProjectDetails({
  project,
  audience = 'client',
  extra,
}: {
  project: ProjectDetail;
  audience?: StatusAudience;
  extra?: ReactNode;
}) {
  const specifications = project.specifications as Record<string, unknown>;
  return (
    <Flex direction="column" gap="medium" className="project-details">
      <Flex gap="xs" alignItems="center" wrap="wrap">
        <StatusBadge status={project.status} audience={audience} />
        <Badge size="small" variation="info">
          {project.project_category ?? 'Design'}
        </Badge>
        {project.existing_plans ? <Badge size="small">Has existing plans/survey</Badge> : null}
        {project.grok_generated ? <Badge size="small">AI-generated checklist</Badge> : null}
      </Flex>

      {extra}

      <dl className="detail-list">
        <dt>Due date</dt>
        <dd>{project.due_date ? calendarDate(project.due_date) : 'No due date'}</dd>
        <dt>Project type</dt>
        <dd>{project.project_type || 'N/A'}</dd>
        <dt>Property type</dt>
        <dd>{propertyTypeLabel(project.property_type)}</dd>
        <dt>Area</dt>
        <dd>{project.area_sqft !== null && project.area_sqft !== undefined ? `${project.area_sqft} sq ft` : 'N/A'}</dd>
        <dt>Location</dt>
        <dd>{project.project_address || 'N/A'}</dd>
        <dt>Submitted</dt>
        <dd>{longDate(project.created_at)}</dd>
        <dt>Estimated turnaround</dt>
        <dd>{turnaroundBusinessDays(project.estimated_turnaround_days)}</dd>
        <dt>Priority</dt>
        <dd>{project.priority ?? 'Normal'}</dd>
      </dl>

      <Section title="Description">
        <Text className="preserve-lines">{project.description || 'N/A'}</Text>
      </Section>
      <Section title="Deliverables">
        <Text>{list(project.deliverables)}</Text>
      </Section>
      <Section title="Design Priorities">
        <Text>{list(project.design_priority)}</Text>
      </Section>
      <Section title="Rooms Included">
        <Text>{list(project.room_selection)}</Text>
      </Section>
      <Section title="Room-Specific Notes">
        <Text className="preserve-lines">{project.room_notes || 'N/A'}</Text>
      </Section>
      <Section title="Permit Scope Summary">
        <Text className="preserve-lines">{project.permit_needs || 'N/A'}</Text>
      </Section>
      <Section title="Inspiration Links">
        {project.inspiration_links.length === 0 ? (
          <Text>N/A</Text>
        ) : (
          <ul className="plain-list">
            {project.inspiration_links.map((link) => (
              <li key={link}>
                <Link href={link} isExternal rel="noopener noreferrer" target="_blank">
                  {link}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {Object.keys(specifications ?? {}).length > 0 ? (
        <Section title="Specifications">
          <dl className="detail-list">
            {Object.entries(specifications).map(([key, value]) =>
              value === null || value === undefined || value === '' ? null : (
                <FragmentPair
                  key={key}
                  term={key.replace(/_/g, ' ')}
                  value={typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value)}
                />
              ),
            )}
          </dl>
        </Section>
      ) : null}

      <ChecklistSummaryCard tasks={project.checklist} totalHours={project.total_estimated_hours} />
    </Flex>
  );
}

function FragmentPair({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="capitalize">{term}</dt>
      <dd>{value}</dd>
    </>
  );
}
