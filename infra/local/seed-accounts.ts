import { SYSTEM_ACTOR } from '../../events/envelope.js';
import { seedDesignerAuthorisation } from '../../functions/features/designers/commands.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import type { Appending } from '../../functions/platform/runtime.js';
import { userDecider, userStream } from '../../functions/features/users/decider.js';
import { ensureUser, type EmbeddedCognito } from './cognito/index.js';

export interface SeedAccount {
  email: string;
  password: string;
}

/** The seeded team accounts: users in Cognito plus their registration in the event store. */
export async function seedAccounts(cognito: EmbeddedCognito, runtime: Appending) {
  const accounts = {
    admin: {
      email: process.env.LOCAL_ADMIN_EMAIL ?? 'admin@designclub.local',
      password: process.env.LOCAL_ADMIN_PASSWORD ?? 'AdminPassword#2026',
      name: 'Avery Admin',
      group: 'admin' as const,
    },
    designer: {
      email: process.env.LOCAL_DESIGNER_EMAIL ?? 'designer@designclub.local',
      password: process.env.LOCAL_DESIGNER_PASSWORD ?? 'DesignerPassword#2026',
      name: 'Dana Designer',
      group: 'designer' as const,
    },
  };
  // Roles come from events, as for everyone: the admin role in the admin's user stream, a designer
  // authorisation for the designer; the cognito-groups reactor puts both in their Cognito groups.
  for (const account of Object.values(accounts)) {
    const sub = await ensureUser(cognito, {
      email: account.email,
      password: account.password,
      attributes: { name: account.name },
    });
    await runCommand(
      userDecider,
      userStream(sub),
      {
        type: 'RegisterUser',
        user_id: sub,
        email: account.email,
        full_name: account.name,
        initial_role: account.group,
      },
      { actor: SYSTEM_ACTOR },
      runtime,
    );
    if (account.group === 'admin')
      await runCommand(
        userDecider,
        userStream(sub),
        { type: 'GrantRole', role: 'admin' },
        { actor: SYSTEM_ACTOR },
        runtime,
      );
    else await seedDesignerAuthorisation(runtime, account.email, sub);
  }
  return {
    admin: { email: accounts.admin.email, password: accounts.admin.password },
    designer: { email: accounts.designer.email, password: accounts.designer.password },
  };
}
