import { SelectField } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import type { AdminUser, UsersResponse } from '../../../../functions/features/users/admin-contracts.js';
import { api } from '../../lib/api.js';

const clientLabel = (user: AdminUser) => (user.full_name ? `${user.full_name} (${user.email ?? 'no e-mail'})` : (user.email ?? user.id));

/**
 * An admin's first step: the client the project is for (the project is theirs; the history records
 * the admin as the one who submitted it). Only client accounts are offered: projects belong to clients.
 */
export function ClientPicker({ value, onChange }: { value: string; onChange(clientId: string): void }) {
  const [clients, setClients] = useState<AdminUser[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    api
      .get<UsersResponse>('/users')
      .then((answer) => {
        if (!active) return;
        const only = answer.users.filter((user) => user.roles.length === 1 && user.roles[0] === 'client');
        setClients(only.sort((a, b) => clientLabel(a).localeCompare(clientLabel(b))));
      })
      .catch((error: unknown) => {
        console.error('Could not load the clients', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, []);

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
