/** The board's filters, as in the address bar and in GET /api/projects. */
export interface ProjectFilters {
  q: string;
  status: string;
  designer: string;
  priority: string;
  from: string;
  to: string;
}
export const FILTER_KEYS = [
  'q',
  'status',
  'designer',
  'priority',
  'from',
  'to',
] as const satisfies readonly (keyof ProjectFilters)[];
export const NO_FILTERS: ProjectFilters = { q: '', status: '', designer: '', priority: '', from: '', to: '' };
