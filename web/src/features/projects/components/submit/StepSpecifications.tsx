import { CheckboxField, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { CEILING_HEIGHT_STEP } from '#shared/intake-options.js';
import type { StepProps } from './StepBasics.js';

/**
 * Step 4. Design 'Project Specifications & Measurements': area, ceiling height (step 0.5), preferred
 * materials, address (all optional). Permit 'Permit Context & Property Details': address, building
 * area and permit scope summary (required), lot area, zoning / permit type, city review.
 */
export function StepSpecifications({ form, onChange }: StepProps) {
  const set = (patch: Partial<typeof form>) => onChange({ ...form, ...patch });
  if (form.project_category === 'Permit') {
    return (
      <Flex direction="column" gap="medium">
        <Text color="font.secondary">Fields marked required are needed to scope the permit set.</Text>
        <TextField
          label="Project Address"
          name="project_address"
          autoComplete="street-address"
          isRequired
          value={form.project_address}
          onChange={(e) => set({ project_address: e.target.value })}
        />
        <Flex gap="medium" wrap="wrap">
          <TextField
            label="Building Area (sq ft)"
            name="area_sqft"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            isRequired
            flex="1 1 12rem"
            value={form.area_sqft}
            onChange={(e) => set({ area_sqft: e.target.value })}
          />
          <TextField
            label="Lot Area (sq ft)"
            name="lot_area"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            flex="1 1 12rem"
            value={form.lot_area}
            onChange={(e) => set({ lot_area: e.target.value })}
          />
        </Flex>
        <TextField
          label="Zoning / Permit Type"
          name="zoning_permit_type"
          placeholder="e.g. R-1 residential building permit"
          value={form.zoning_permit_type}
          onChange={(e) => set({ zoning_permit_type: e.target.value })}
        />
        <CheckboxField
          label="Requires city review (plan check)"
          name="requires_city_review"
          checked={form.requires_city_review}
          onChange={(e) => set({ requires_city_review: e.target.checked })}
        />
        <TextAreaField
          label="Permit Scope Summary"
          name="permit_needs"
          rows={4}
          isRequired
          maxLength={5_000}
          placeholder="e.g. Convert the detached garage into a 480 sq ft ADU with one bathroom."
          value={form.permit_needs}
          onChange={(e) => set({ permit_needs: e.target.value })}
        />
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="medium">
      <Flex gap="medium" wrap="wrap">
        <TextField
          label="Total Area (sq ft)"
          name="area_sqft"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          flex="1 1 12rem"
          value={form.area_sqft}
          onChange={(e) => set({ area_sqft: e.target.value })}
        />
        <TextField
          label="Ceiling Height (ft)"
          name="ceiling_height"
          type="number"
          inputMode="decimal"
          min={0}
          step={CEILING_HEIGHT_STEP}
          flex="1 1 12rem"
          value={form.ceiling_height}
          onChange={(e) => set({ ceiling_height: e.target.value })}
        />
      </Flex>
      <TextAreaField
        label="Preferred Materials"
        name="preferred_materials"
        rows={3}
        maxLength={2_000}
        placeholder="e.g. White oak floors, honed marble, matte black fixtures"
        value={form.preferred_materials}
        onChange={(e) => set({ preferred_materials: e.target.value })}
      />
      <TextField
        label="Project Address"
        name="project_address"
        autoComplete="street-address"
        value={form.project_address}
        onChange={(e) => set({ project_address: e.target.value })}
      />
    </Flex>
  );
}
