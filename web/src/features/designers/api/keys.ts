/** The query keys of the designers' views. */
export const designerKeys = {
  /** Every designer, all pages (the board's filters, bulk assignment, Designer Management). */
  all: () => ['designers', 'all'] as const,
};
