import { Badge, Button, Card, Flex, Heading, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProjectCard } from '../../../lib/contracts.js';
import { PROJECT_STATUSES } from '../../../lib/vocabulary.js';
import { toast } from '../../../ui/toast/use-toast.js';
import { AdminProjectCard } from './AdminProjectCard.js';
import { AdminProjectDialog } from './AdminProjectDialog.js';
import type { BulkUpdateBody } from '#features/users/admin-contracts.js';
import { useBulkUpdate } from '../api/bulk-update.js';
import { FILTER_KEYS, NO_FILTERS, type ProjectFilters } from '../api/project-filters.js';
import { useBoard } from './use-board.js';
import type { DesignerOption } from '../../designers/api/use-designers.js';
import { useProjectParam } from '../api/use-project-param.js';
import { CardsSkeleton } from '../../../ui/Skeleton.js';

const PRIORITIES = ['Urgent', 'Normal', 'Low'] as const;
const UNASSIGN = '__unassign__';

/** The filters in the address bar as one string, the same while their values are. */
const filtersKeyOf = (params: URLSearchParams) => JSON.stringify(FILTER_KEYS.map((key) => params.get(key) ?? ''));

function filtersFrom(filtersKey: string): ProjectFilters {
  const values = JSON.parse(filtersKey) as string[];
  const filters = { ...NO_FILTERS };
  for (const [index, key] of FILTER_KEYS.entries()) filters[key] = values[index] ?? '';
  return filters;
}

const hasAny = (filters: ProjectFilters) => FILTER_KEYS.some((key) => filters[key].trim() !== '');

/**
 * The Projects tab (docs/product.md#screens): filters (applied to the address bar, so date from/to can be given
 * there too), the bulk bar for selected projects, and the four-column board.
 */
export function ProjectsTab({ designers }: { designers: DesignerOption[] }) {
  const [params, setParams] = useSearchParams();
  // The filters change only when their values do (not with every other parameter).
  const appliedKey = filtersKeyOf(params);
  const applied = useMemo(() => filtersFrom(appliedKey), [appliedKey]);
  const [draft, setDraft] = useState<ProjectFilters>(applied);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<ProjectCard | null>(null);
  const [busy, setBusy] = useState(false);
  const bulkUpdate = useBulkUpdate();

  useEffect(() => setDraft(applied), [applied]);

  const { board, loadMore } = useBoard(applied, (error) => {
    console.error('Could not load projects', error);
    toast({ title: 'Failed to load projects', variant: 'destructive' });
  });
  const projects = board ? PROJECT_STATUSES.flatMap(({ value }) => board[value].projects) : null;
  // A notification's link (`?project=<id>`) opens that project's dialog (when it is on the pages loaded).
  useProjectParam(projects, setOpen);
  const shownIds = projects?.map((project) => project.id).join(',') ?? '';
  // A selection only holds projects still on the board.
  useEffect(() => {
    const ids = new Set(shownIds.split(','));
    setSelected((current) => (current.size === 0 ? current : new Set([...current].filter((id) => ids.has(id)))));
  }, [shownIds]);

  const apply = (filters: ProjectFilters) => {
    const next = new URLSearchParams(params);
    for (const key of FILTER_KEYS) {
      if (filters[key].trim()) next.set(key, filters[key].trim());
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  const submitFilters = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  const clearAll = () => {
    setDraft(NO_FILTERS);
    apply(NO_FILTERS);
  };

  async function runBulk(change: { status: string } | { designer: string | null }) {
    const ids = [...selected];
    if (ids.length === 0) {
      toast({ title: 'Please select projects first', variant: 'destructive' });
      return;
    }
    const assigning = 'designer' in change;
    setBusy(true);
    try {
      const result = await bulkUpdate.mutateAsync({ ids, ...change } as BulkUpdateBody);
      if (result.updated === 0 && result.failed.length > 0) throw new Error(result.failed[0]!.message);
      toast({
        title: assigning ? `Assigned ${result.updated} project(s)` : `Updated ${result.updated} project(s)`,
        description: result.failed.length ? `${result.failed.length} project(s) could not be changed.` : undefined,
      });
      setSelected(new Set());
    } catch (error) {
      console.error('Bulk change failed', error);
      toast({ title: assigning ? 'Failed to assign projects' : 'Failed to update projects', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Flex direction="column" gap="medium">
      <Card variation="outlined">
        <form onSubmit={submitFilters} aria-label="Project filters">
          <Flex gap="small" wrap="wrap" alignItems="flex-end">
            <TextField
              label="Search"
              placeholder="Search projects..."
              value={draft.q}
              onChange={(event) => setDraft({ ...draft, q: event.target.value })}
              flex="2 1 14rem"
            />
            <SelectField
              label="Status"
              value={draft.status}
              onChange={(event) => setDraft({ ...draft, status: event.target.value })}
              flex="1 1 9rem"
            >
              <option value="">All Statuses</option>
              {PROJECT_STATUSES.map((status) => (
                <option key={status.value} value={status.value}>
                  {status.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Designer"
              value={draft.designer}
              onChange={(event) => setDraft({ ...draft, designer: event.target.value })}
              flex="1 1 11rem"
            >
              <option value="">All Designers</option>
              <option value="unassigned">Unassigned</option>
              {designers.map((designer) => (
                <option key={designer.value} value={designer.value}>
                  {designer.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Priority"
              value={draft.priority}
              onChange={(event) => setDraft({ ...draft, priority: event.target.value })}
              flex="1 1 10rem"
            >
              <option value="">All Priorities</option>
              {PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {priority}
                </option>
              ))}
            </SelectField>
            <Flex gap="xs">
              <Button type="submit" variation="primary">
                Apply Filters
              </Button>
              {hasAny(draft) || hasAny(applied) ? (
                <Button type="button" onClick={clearAll}>
                  Clear All
                </Button>
              ) : null}
            </Flex>
          </Flex>
        </form>
      </Card>

      {selected.size > 0 ? (
        <Card variation="elevated" className="admin-bulk-bar" role="region" aria-label="Bulk actions">
          <Flex gap="small" wrap="wrap" alignItems="flex-end">
            <Text fontWeight="600" alignSelf="center">
              {selected.size} project(s) selected
            </Text>
            <SelectField
              label="Update Status"
              value=""
              isDisabled={busy}
              onChange={(event) => {
                if (event.target.value) void runBulk({ status: event.target.value });
              }}
            >
              <option value="">Choose a status</option>
              {PROJECT_STATUSES.map((status) => (
                <option key={status.value} value={status.value}>
                  {status.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Assign Designer"
              value=""
              isDisabled={busy}
              onChange={(event) => {
                const value = event.target.value;
                if (value) void runBulk({ designer: value === UNASSIGN ? null : value });
              }}
            >
              <option value="">Choose a designer</option>
              <option value={UNASSIGN}>Unassign</option>
              {designers
                .filter((designer) => designer.active)
                .map((designer) => (
                  <option key={designer.value} value={designer.value}>
                    {designer.label}
                  </option>
                ))}
            </SelectField>
            <Button onClick={() => setSelected(new Set())} isDisabled={busy}>
              Clear Selection
            </Button>
          </Flex>
        </Card>
      ) : null}

      {projects === null ? (
        <CardsSkeleton label="Loading projects" count={4} />
      ) : projects.length === 0 ? (
        <Card variation="outlined" className="admin-empty">
          <Text>No projects found - Once users submit projects, they'll appear here for review and assignment.</Text>
        </Card>
      ) : (
        <div className="board">
          {PROJECT_STATUSES.map(({ value, label }) => {
            const column = board![value];
            const items = column.projects;
            return (
              <section key={value} className="board-column" aria-label={label} data-status={value}>
                <div className="board-column__header">
                  <Heading level={3} fontSize="medium">
                    {label}
                  </Heading>
                  <Badge size="small">{column.count ?? items.length}</Badge>
                </div>
                {items.length === 0 ? (
                  <Text className="board-column__empty">No projects</Text>
                ) : (
                  items.map((project) => (
                    <AdminProjectCard
                      key={project.id}
                      project={project}
                      selected={selected.has(project.id)}
                      onSelect={(on) => toggle(project.id, on)}
                      onOpen={setOpen}
                    />
                  ))
                )}
                {column.next ? (
                  <Button
                    size="small"
                    variation="link"
                    onClick={() => loadMore(value)}
                    isLoading={column.loadingMore}
                    loadingText="Loading..."
                  >
                    Load more
                  </Button>
                ) : null}
              </section>
            );
          })}
        </div>
      )}
      <AdminProjectDialog project={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
