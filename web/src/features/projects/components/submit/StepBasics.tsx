import { Button, CheckboxField, Fieldset, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { deliverablesOf } from '#shared/deliverables.js';
import { CATEGORY_OPTIONS, projectTypesOf, propertyTypeOptions } from '#shared/intake-options.js';
import type { ProjectCategory } from '#shared/vocabulary.js';
import { toggle, withCategory, withProjectType, type WizardForm } from './wizard.js';

export interface StepProps {
  form: WizardForm;
  onChange(next: WizardForm): void;
}

/** Step 1 'Project Basics': title, category, property type, project type and deliverables. */
export function StepBasics({ form, onChange }: StepProps) {
  const category = form.project_category;
  const deliverables = deliverablesOf(form.project_type);
  const allSelected = deliverables.length > 0 && deliverables.every((d) => form.deliverables.includes(d.name));

  return (
    <Flex direction="column" gap="medium">
      <TextField
        label="Project Title"
        name="title"
        placeholder="e.g. Ranch house kitchen remodel"
        value={form.title}
        maxLength={200}
        isRequired
        onChange={(event) => onChange({ ...form, title: event.target.value })}
      />
      <SelectField
        label="Project Category"
        name="project_category"
        placeholder="Select a category"
        value={category}
        isRequired
        onChange={(event) => onChange(withCategory(form, event.target.value as ProjectCategory | ''))}
      >
        {CATEGORY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Property Type"
        name="property_type"
        placeholder={category ? 'Select a property type' : 'Choose a category first'}
        value={form.property_type}
        isDisabled={!category}
        isRequired
        onChange={(event) => onChange({ ...form, property_type: event.target.value })}
      >
        {category
          ? propertyTypeOptions(category).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))
          : null}
      </SelectField>
      <SelectField
        label="Project Type"
        name="project_type"
        placeholder={category ? 'Select a project type' : 'Choose a category first'}
        value={form.project_type}
        isDisabled={!category}
        isRequired
        onChange={(event) => onChange(withProjectType(form, event.target.value))}
      >
        {projectTypesOf(category).map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </SelectField>

      <Fieldset legend="Deliverables" variation="outlined" direction="column" gap="small">
        {deliverables.length === 0 ? (
          <Text color="font.secondary">Choose a project type to see its deliverables.</Text>
        ) : (
          <>
            <Button
              size="small"
              alignSelf="flex-start"
              onClick={() => onChange({ ...form, deliverables: allSelected ? [] : deliverables.map((d) => d.name) })}
            >
              {allSelected ? 'Deselect All Deliverables' : 'Select All Deliverables'}
            </Button>
            {deliverables.map((deliverable) => (
              <div key={deliverable.name} className="option-with-description">
                <CheckboxField
                  label={deliverable.name}
                  name="deliverables"
                  value={deliverable.name}
                  checked={form.deliverables.includes(deliverable.name)}
                  onChange={(event) =>
                    onChange({
                      ...form,
                      deliverables: toggle(form.deliverables, deliverable.name, event.target.checked),
                    })
                  }
                />
                <Text as="span" fontSize="small" color="font.secondary" className="option-with-description__text">
                  {deliverable.description}
                </Text>
              </div>
            ))}
          </>
        )}
      </Fieldset>
    </Flex>
  );
}
