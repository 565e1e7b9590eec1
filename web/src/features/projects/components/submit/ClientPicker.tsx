import { SelectField } from '@aws-amplify/ui-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { AdminUser } from '#features/users/admin-contracts.js';
import { usersQuery } from '../../../users/api/get-users.js';

const clientLabel = (user: AdminUser) =>
  user.full_name ? `${user.full_name} (${user.email ?? 'no e-mail'})` : (user.email ?? user.id);

/**
 * An admin's first step: the client the project is for (the project is theirs; the history records
 * the admin as the one who submitted it). Only client accounts are offered: projects belong to clients.
 */
export function ClientPicker({ value, onChange }: { value: string; onChange(clientId: string): void }) {
  // The Users tab's list (its first page, or more when the tab has loaded them): one cached view.
  const users = useInfiniteQuery(usersQuery());
  const failed = users.isError;
  const pages = users.data?.pages;
  const clients = useMemo(
    () =>
      pages
        ? pages
            .flatMap((page) => page.users)
            .filter((user) => user.roles.length === 1 && user.roles[0] === 'client')
            .sort((a, b) => clientLabel(a).localeCompare(clientLabel(b)))
        : null,
    [pages],
  );
  useEffect(() => {
    if (users.error) console.error('Could not load the clients', users.error);
  }, [users.error]);

  return (
    <SelectField
      label="Client"
      name="client_id"
      placeholder={clients === null && !failed ? 'Loading clients…' : 'Select the client this project is for'}
      descriptiveText="You are submitting on this client's behalf: the project will be theirs."
      isRequired
      hasError={failed}
      errorMessage="Failed to load users"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {(clients ?? []).map((client) => (
        <option key={client.id} value={client.id}>
          {clientLabel(client)}
        </option>
      ))}
    </SelectField>
  );
}
