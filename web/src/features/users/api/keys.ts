/** The query keys of the admin's views of users. */
export const userKeys = {
  list: () => ['admin', 'users'] as const,
  detail: (id: string) => ['admin', 'users', id] as const,
};
