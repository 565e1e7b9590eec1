import { Flex, SelectField, TextField } from '@aws-amplify/ui-react';
import { PROJECT_CATEGORIES, type ProjectCategory } from '#shared/vocabulary.js';
import { PROJECT_TYPES, projectTypesOf } from '#shared/intake-options.js';
import type { DesignerOption } from '../../designers/api/use-designers.js';

export interface InsightsFilterValues {
  from: string;
  to: string;
  category: string;
  type: string;
  designer: string;
}

/** The range (days, inclusive) and the filters by category, type and designer. */
export function InsightsFilters({
  value,
  onChange,
  designers,
}: {
  value: InsightsFilterValues;
  onChange(next: InsightsFilterValues): void;
  designers: DesignerOption[];
}) {
  const set = (patch: Partial<InsightsFilterValues>) => onChange({ ...value, ...patch });
  const types = value.category
    ? projectTypesOf(value.category as ProjectCategory)
    : [...PROJECT_TYPES.Design, ...PROJECT_TYPES.Permit];
  return (
    <Flex gap="small" wrap="wrap" alignItems="flex-end">
      <TextField
        label="From"
        type="date"
        value={value.from}
        max={value.to || undefined}
        onChange={(event) => set({ from: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={value.to}
        min={value.from || undefined}
        onChange={(event) => set({ to: event.target.value })}
      />
      <SelectField
        label="Category"
        value={value.category}
        onChange={(event) => set({ category: event.target.value, type: '' })}
      >
        <option value="">All categories</option>
        {PROJECT_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </SelectField>
      <SelectField label="Project type" value={value.type} onChange={(event) => set({ type: event.target.value })}>
        <option value="">All types</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>
      <SelectField label="Designer" value={value.designer} onChange={(event) => set({ designer: event.target.value })}>
        <option value="">All designers</option>
        <option value="unassigned">Unassigned</option>
        {designers.map((designer) => (
          <option key={designer.value} value={designer.value}>
            {designer.label}
          </option>
        ))}
      </SelectField>
    </Flex>
  );
}
