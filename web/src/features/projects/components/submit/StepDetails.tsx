import { CheckboxField, Fieldset, Flex, Text, TextAreaField } from '@aws-amplify/ui-react';
import { DESIGN_PRIORITIES, MIN_DESCRIPTION_LENGTH } from '#shared/intake-options.js';
import { descriptionLength } from '#shared/project-brief.js';
import type { StepProps } from './StepBasics.js';
import { descriptionCounter, toggle } from './wizard.js';

/**
 * Step 2 'Design Details' / 'Project Details': the description (300 characters at least) and, for Design, priorities.
 */
export function StepDetails({ form, onChange }: StepProps) {
  const design = form.project_category !== 'Permit';
  const short = descriptionLength(form.description) < MIN_DESCRIPTION_LENGTH;
  return (
    <Flex direction="column" gap="medium">
      <TextAreaField
        label="Project Description"
        name="description"
        rows={8}
        maxLength={20_000}
        isRequired
        placeholder={
          design
            ? 'Describe the spaces, what is not working today, the style you want and anything we must keep.'
            : 'Describe the scope of work, the existing building, and what the permit must cover.'
        }
        descriptiveText={`Tell us about the project in at least ${MIN_DESCRIPTION_LENGTH} characters.`}
        value={form.description}
        onChange={(event) => onChange({ ...form, description: event.target.value })}
      />
      <Text fontSize="small" className={short ? 'counter counter--short' : 'counter counter--ok'} aria-live="polite">
        {descriptionCounter(form.description)}
      </Text>
      {design ? (
        <Fieldset legend="Design Priorities" variation="outlined" direction="column" gap="xs">
          {DESIGN_PRIORITIES.map((priority) => (
            <CheckboxField
              key={priority}
              label={priority}
              name="design_priority"
              value={priority}
              checked={form.design_priority.includes(priority)}
              onChange={(event) =>
                onChange({ ...form, design_priority: toggle(form.design_priority, priority, event.target.checked) })
              }
            />
          ))}
        </Fieldset>
      ) : null}
      <CheckboxField
        label="I have existing plans or drawings of the property"
        name="existing_plans"
        checked={form.existing_plans}
        onChange={(event) => onChange({ ...form, existing_plans: event.target.checked })}
      />
    </Flex>
  );
}
