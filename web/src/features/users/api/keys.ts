/** The query keys of the admin's views of users. */
export const userKeys = {
  list: () => ['admin', 'users'] as const,
  detail: (id: string) => ['admin', 'users', id] as const,
  /** The erasure log: who was erased, when, at whose request; never a name or an address. */
  erasures: () => ['admin', 'erasures'] as const,
};
