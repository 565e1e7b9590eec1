/**
 * The list after a "Load more": the next page appended, minus what the list already shows (an item
 * that moved between pages while someone paged, or a live reload that already brought it).
 */
export function appendPage<T extends { id: string }>(
  current: readonly T[] | null | undefined,
  page: readonly T[],
): T[] {
  const known = new Set((current ?? []).map((item) => item.id));
  return [...(current ?? []), ...page.filter((item) => !known.has(item.id))];
}
