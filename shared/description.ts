/**
 * The description's minimum (docs/product.md#records), apart from the brief's schema: the project decider checks it
 * too, and importing it from here keeps the schema and the option catalogue out of every bundle that
 * only decides.
 */
export const MIN_DESCRIPTION_LENGTH = 300;

/**
 * What counts towards the description's minimum: the text without its surrounding whitespace and
 * with every run of whitespace counted once, so padding cannot stand in for a brief.
 */
export function descriptionLength(text: string): number {
  return text.trim().replace(/\s+/g, ' ').length;
}

export const DESCRIPTION_TOO_SHORT = `Description must be at least ${MIN_DESCRIPTION_LENGTH} characters`;
