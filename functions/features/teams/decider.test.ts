import { describe, expect, it } from 'vitest';
import {
  TeamCreated,
  TeamInviteAccepted,
  TeamInviteCreated,
  TeamInviteResent,
  TeamInviteRevoked,
  TeamInviteSendFailed,
  TeamInviteSent,
  TeamMemberJoined,
  TeamMemberRemoved,
  TeamMemberRoleChanged,
} from './events.js';
import type { Actor } from '../../../events/envelope.js';
import { INVALID_INVITE_MESSAGE, TEAM_FULL_MESSAGE, inviteExpiry, teamDecider } from './decider.js';
import { SETTLED_INVITES_KEPT, TEAM_SEATS_MAX } from './state.js';
import { deciderSpec } from '../../../tests/support/given-when-then.js';

// The spec helper decides at this instant.
const NOW = '2026-11-22T10:00:00.000Z';
const IN_7_DAYS = '2026-11-29T10:00:00.000Z';
const HASH_1 = 'a'.repeat(64);
const HASH_2 = 'b'.repeat(64);

const admin: Actor = { sub: 'owner', role: 'client' };
const designer: Actor = { sub: 'dana', role: 'client' };
const stranger: Actor = { sub: 'zed', role: 'client' };
const given = (events: Parameters<ReturnType<typeof deciderSpec>>[0], actor: Actor = admin) =>
  deciderSpec(teamDecider)(events, actor);

const created = [
  TeamCreated.create({ team_id: 'T1', name: 'Studio North', created_by: 'owner' }),
  TeamMemberJoined.create({ user_id: 'owner', email: 'owner@example.com', role: 'admin', invite_id: null }),
];
const invited = (expires_at = IN_7_DAYS, invite_id = 'I1', email = 'dana@example.com') =>
  TeamInviteCreated.create({
    invite_id,
    invited_email: email,
    invited_role: 'designer',
    invited_by: 'owner',
    inviter_name: 'Olive Owner',
    token_hash: HASH_1,
    expires_at,
  });
const withDana = [
  ...created,
  invited(),
  TeamInviteAccepted.create({ invite_id: 'I1', user_id: 'dana' }),
  TeamMemberJoined.create({ user_id: 'dana', email: 'dana@example.com', role: 'designer', invite_id: 'I1' }),
];

describe('team decider: creating a team', () => {
  it('a client names a team and joins it as its admin', () => {
    given([])
      .when({
        type: 'CreateTeam',
        team_id: 'T1',
        name: '  Studio North ',
        user_id: 'owner',
        email: 'Owner@Example.com',
      })
      .then(created);
  });
  it('refuses an empty name', () => {
    given([])
      .when({ type: 'CreateTeam', team_id: 'T1', name: '   ', user_id: 'owner', email: 'o@example.com' })
      .thenThrows('Please enter a team name.', 'INVALID');
  });
  it('refuses to create the same team twice', () => {
    given(created)
      .when({ type: 'CreateTeam', team_id: 'T1', name: 'Again', user_id: 'owner', email: 'o@example.com' })
      .thenThrows(/already exists/, 'CONFLICT');
  });
});

describe('team decider: invitations', () => {
  it('a team admin invites an e-mail as a Designer, valid for 7 days, storing only the token hash', () => {
    given(created)
      .when({
        type: 'CreateInvite',
        invite_id: 'I1',
        email: ' Dana@Example.com ',
        role: 'designer',
        token_hash: HASH_1,
        inviter_name: 'Olive Owner',
      })
      .then([invited()]);
    expect(inviteExpiry(NOW)).toBe(IN_7_DAYS);
  });
  it('offers only the Designer role', () => {
    given(created)
      .when({
        type: 'CreateInvite',
        invite_id: 'I1',
        email: 'dana@example.com',
        role: 'admin',
        token_hash: HASH_1,
        inviter_name: null,
      })
      .thenThrows('Currently, only Designer role is available for new team members.', 'INVALID');
  });
  it('refuses a second pending invitation to the same address, and inviting a member', () => {
    given([...created, invited()])
      .when({
        type: 'CreateInvite',
        invite_id: 'I2',
        email: 'dana@example.com',
        role: 'designer',
        token_hash: HASH_2,
        inviter_name: null,
      })
      .thenThrows(/already pending/, 'CONFLICT');
    given(withDana)
      .when({
        type: 'CreateInvite',
        invite_id: 'I2',
        email: 'dana@example.com',
        role: 'designer',
        token_hash: HASH_2,
        inviter_name: null,
      })
      .thenThrows(/already a member/, 'CONFLICT');
  });
  it('allows a new invitation once the old one has expired', () => {
    given([...created, invited('2026-11-01T00:00:00.000Z')])
      .when({
        type: 'CreateInvite',
        invite_id: 'I2',
        email: 'dana@example.com',
        role: 'designer',
        token_hash: HASH_2,
        inviter_name: null,
      })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['TeamInviteCreated']));
  });
  it('records the e-mail going out, or failing', () => {
    given([...created, invited()])
      .when({ type: 'RecordInviteSent', invite_id: 'I1' })
      .then([TeamInviteSent.create({ invite_id: 'I1', to: 'dana@example.com' })]);
    given([...created, invited()])
      .when({ type: 'RecordInviteSendFailed', invite_id: 'I1', reason: 'refused' })
      .then([TeamInviteSendFailed.create({ invite_id: 'I1', reason: 'refused' })]);
  });
  it('a resend issues a new token hash and a new expiry', () => {
    given([...created, invited('2026-11-20T00:00:00.000Z')])
      .when({ type: 'ResendInvite', invite_id: 'I1', token_hash: HASH_2 })
      .then([TeamInviteResent.create({ invite_id: 'I1', token_hash: HASH_2, expires_at: IN_7_DAYS })]);
  });
  it('revokes a pending invitation once; a revoked one cannot be resent', () => {
    given([...created, invited()])
      .when({ type: 'RevokeInvite', invite_id: 'I1' })
      .then([TeamInviteRevoked.create({ invite_id: 'I1' })]);
    given([...created, invited(), TeamInviteRevoked.create({ invite_id: 'I1' })])
      .when({ type: 'RevokeInvite', invite_id: 'I1' })
      .then([]);
    given([...created, invited(), TeamInviteRevoked.create({ invite_id: 'I1' })])
      .when({ type: 'ResendInvite', invite_id: 'I1', token_hash: HASH_2 })
      .thenThrows(/revoked/, 'CONFLICT');
  });
  it('an unknown invitation is not found', () => {
    given(created).when({ type: 'RevokeInvite', invite_id: 'nope' }).thenThrows('Invitation not found', 'NOT_FOUND');
  });
});

describe('team decider: accepting an invitation', () => {
  const accept = { type: 'AcceptInvite' as const, token_hash: HASH_1, user_id: 'dana', email: 'DANA@example.com' };
  it('the invited address joins with the invited role', () => {
    given([...created, invited()], designer)
      .when(accept)
      .then([
        TeamInviteAccepted.create({ invite_id: 'I1', user_id: 'dana' }),
        TeamMemberJoined.create({ user_id: 'dana', email: 'dana@example.com', role: 'designer', invite_id: 'I1' }),
      ]);
  });
  it('refuses another address', () => {
    given([...created, invited()], stranger)
      .when({ ...accept, user_id: 'zed', email: 'zed@example.com' })
      .thenThrows(/sent to dana@example.com/, 'FORBIDDEN');
  });
  it('refuses a used, revoked, expired or replaced token with the spec message', () => {
    given(withDana, designer).when(accept).thenThrows(INVALID_INVITE_MESSAGE, 'GONE');
    given([...created, invited(), TeamInviteRevoked.create({ invite_id: 'I1' })], designer)
      .when(accept)
      .thenThrows(INVALID_INVITE_MESSAGE, 'GONE');
    given([...created, invited(NOW)], designer)
      .when(accept)
      .thenThrows(INVALID_INVITE_MESSAGE, 'GONE');
    given(
      [...created, invited(), TeamInviteResent.create({ invite_id: 'I1', token_hash: HASH_2, expires_at: IN_7_DAYS })],
      designer,
    )
      .when(accept)
      .thenThrows(INVALID_INVITE_MESSAGE, 'GONE');
  });
});

describe('team decider: members', () => {
  it("a team admin changes another member's role, and removes them", () => {
    given(withDana)
      .when({ type: 'ChangeMemberRole', user_id: 'dana', role: 'admin' })
      .then([TeamMemberRoleChanged.create({ user_id: 'dana', from: 'designer', to: 'admin' })]);
    given(withDana).when({ type: 'ChangeMemberRole', user_id: 'dana', role: 'designer' }).then([]);
    given(withDana)
      .when({ type: 'RemoveMember', user_id: 'dana' })
      .then([TeamMemberRemoved.create({ user_id: 'dana', email: 'dana@example.com' })]);
  });
  it('nobody changes or removes themselves', () => {
    given(withDana)
      .when({ type: 'ChangeMemberRole', user_id: 'owner', role: 'designer' })
      .thenThrows('You cannot change the role of yourself.', 'FORBIDDEN');
    given(withDana)
      .when({ type: 'RemoveMember', user_id: 'owner' })
      .thenThrows('You cannot remove yourself.', 'FORBIDDEN');
  });
  it('a designer member (or an outsider) may use no team-admin command', () => {
    const commands = [
      { type: 'ChangeMemberRole', user_id: 'owner', role: 'designer' },
      { type: 'RemoveMember', user_id: 'owner' },
      {
        type: 'CreateInvite',
        invite_id: 'I2',
        email: 'x@example.com',
        role: 'designer',
        token_hash: HASH_2,
        inviter_name: null,
      },
      { type: 'ResendInvite', invite_id: 'I1', token_hash: HASH_2 },
      { type: 'RevokeInvite', invite_id: 'I1' },
      { type: 'RecordInviteSent', invite_id: 'I1' },
    ] as const;
    for (const actor of [designer, stranger]) {
      for (const command of commands)
        given(withDana, actor).when(command).thenThrows('Only team admins can manage the team.', 'FORBIDDEN');
    }
  });
  it('a member promoted to team admin may manage; a removed admin may not', () => {
    const promoted = [...withDana, TeamMemberRoleChanged.create({ user_id: 'dana', from: 'designer', to: 'admin' })];
    given(promoted, designer)
      .when({ type: 'RevokeInvite', invite_id: 'I1' })
      .thenThrows(/already been accepted/, 'CONFLICT');
    given([...promoted, TeamMemberRemoved.create({ user_id: 'dana', email: 'dana@example.com' })], designer)
      .when({ type: 'RemoveMember', user_id: 'owner' })
      .thenThrows('Only team admins can manage the team.', 'FORBIDDEN');
  });
  it('folds members and invitations for the screens', () => {
    const state = given(withDana).state();
    expect(state).toMatchObject({ exists: true, id: 'T1', name: 'Studio North', created_by: 'owner' });
    expect(state.members.map((m) => [m.user_id, m.role, m.status, m.invited_email])).toEqual([
      ['owner', 'admin', 'active', null],
      ['dana', 'designer', 'active', 'dana@example.com'],
    ]);
    expect(state.invites[0]).toMatchObject({ id: 'I1', status: 'accepted', accepted_by: 'dana', token_hash: HASH_1 });
  });
});

describe('team state: bounded', () => {
  it('keeps the newest 50 settled invitations when a new one is made, and every pending one', () => {
    const churn = Array.from({ length: 60 }, (_, index) => [
      invited(IN_7_DAYS, `I${index + 1}`, `guest${index + 1}@example.com`),
      TeamInviteRevoked.create({ invite_id: `I${index + 1}` }),
    ]).flat();
    const state = given([...created, ...churn, invited(IN_7_DAYS, 'I61', 'last@example.com')]).state();
    const ids = state.invites.map((invite) => invite.id);
    expect(ids).toHaveLength(SETTLED_INVITES_KEPT + 1);
    expect(ids[0]).toBe('I11');
    expect(ids.at(-1)).toBe('I61');
    expect(state.invites.filter((invite) => invite.status === 'pending').map((invite) => invite.id)).toEqual(['I61']);
  });

  it('an old settled invitation dropped from the team is not found, and its link stays invalid', () => {
    const churn = Array.from({ length: 52 }, (_, index) => [
      invited(IN_7_DAYS, `I${index + 1}`, `guest${index + 1}@example.com`),
      TeamInviteRevoked.create({ invite_id: `I${index + 1}` }),
    ]).flat();
    given([...created, ...churn, invited(IN_7_DAYS, 'I99', 'new@example.com')])
      .when({ type: 'ResendInvite', invite_id: 'I1', token_hash: HASH_2 })
      .thenThrows(/Invitation not found/);
  });
});

describe('team document: its bound', () => {
  it(
    `at its caps (${TEAM_SEATS_MAX} seats: 140 pending invitations, the quota over 7 days, the rest members; 50 ` +
      `settled) stays under 350 KB`,
    () => {
      // The longest address an e-mail can have (254 characters) and the longest inviter name, in 3-byte characters.
      const address = (index: number) => `${String(index).padStart(64, 'x')}@${'d'.repeat(185)}.com`;
      const long = (invite_id: string, email: string) =>
        TeamInviteCreated.create({
          invite_id,
          invited_email: email,
          invited_role: 'designer',
          invited_by: 'owner',
          inviter_name: '名'.repeat(200),
          token_hash: HASH_1,
          expires_at: IN_7_DAYS,
        });
      const settled = Array.from({ length: 60 }, (_, index) => [
        long(`S${index}`, address(index)),
        TeamInviteRevoked.create({ invite_id: `S${index}` }),
      ]).flat();
      const pending = Array.from({ length: 140 }, (_, index) => long(`P${index}`, address(1000 + index)));
      // The seats the invitations leave, taken by members who joined by invitation (address kept twice).
      const members = Array.from({ length: TEAM_SEATS_MAX - 140 - 1 }, (_, index) => {
        const user_id = `${index}`.padStart(36, 'u');
        return [
          long(`M${index}`, address(5000 + index)),
          TeamInviteAccepted.create({ invite_id: `M${index}`, user_id }),
          TeamMemberJoined.create({ user_id, email: address(5000 + index), role: 'designer', invite_id: `M${index}` }),
        ];
      }).flat();
      const state = given([...created, ...members, ...settled, ...pending]).state();
      expect(state.invites).toHaveLength(190);
      expect(state.members).toHaveLength(TEAM_SEATS_MAX - 140);
      const bytes = Buffer.byteLength(JSON.stringify(state));
      console.log(`team state at its caps (seats, invitations): ${(bytes / 1024).toFixed(0)} KB`);
      expect(bytes).toBeLessThan(350 * 1024);
    },
  );

  it(
    `holds at most ${TEAM_SEATS_MAX} members and pending invitations: the next invitation is 429 until a seat is ` +
      `free`,
    () => {
      const members = Array.from({ length: TEAM_SEATS_MAX - 2 }, (_, index) =>
        TeamMemberJoined.create({
          user_id: `m${index}`,
          email: `m${index}@example.com`,
          role: 'designer',
          invite_id: null,
        }),
      );
      const full = [...created, ...members, invited()];
      given(full)
        .when({
          type: 'CreateInvite',
          invite_id: 'I9',
          email: 'late@example.com',
          role: 'designer',
          inviter_name: null,
          token_hash: HASH_2,
        })
        .thenThrows(TEAM_FULL_MESSAGE, 'LIMIT_REACHED');
      given([...full, TeamInviteRevoked.create({ invite_id: 'I1' })])
        .when({
          type: 'CreateInvite',
          invite_id: 'I9',
          email: 'late@example.com',
          role: 'designer',
          inviter_name: null,
          token_hash: HASH_2,
        })
        .then([
          TeamInviteCreated.create({
            invite_id: 'I9',
            invited_email: 'late@example.com',
            invited_role: 'designer',
            invited_by: 'owner',
            inviter_name: null,
            token_hash: HASH_2,
            expires_at: IN_7_DAYS,
          }),
        ]);
    },
  );
});

describe('team decider: the erasure of a member', () => {
  const system: Actor = { sub: 'system', role: 'system' };
  it("ends the erased member's membership and revokes the invitations they sent, whoever runs it", () => {
    given([...withDana, invited(IN_7_DAYS, 'I2', 'eve@example.com')], system)
      .when({ type: 'RemoveErasedMember', user_id: 'owner' })
      .then([
        TeamInviteRevoked.create({ invite_id: 'I2' }),
        TeamMemberRemoved.create({ user_id: 'owner', email: 'owner@example.com' }),
        // The team keeps an admin: the longest-standing other member.
        TeamMemberRoleChanged.create({ user_id: 'dana', from: 'designer', to: 'admin' }),
      ]);
  });
  it('keeps the roles as they are when another admin remains', () => {
    given([...withDana, TeamMemberRoleChanged.create({ user_id: 'dana', from: 'designer', to: 'admin' })], system)
      .when({ type: 'RemoveErasedMember', user_id: 'owner' })
      .then([TeamMemberRemoved.create({ user_id: 'owner', email: 'owner@example.com' })]);
  });
  it('does nothing for someone who is not a member, or a team that does not exist (a retry)', () => {
    given(withDana, system).when({ type: 'RemoveErasedMember', user_id: 'zed' }).then([]);
    given([], system).when({ type: 'RemoveErasedMember', user_id: 'owner' }).then([]);
  });
});
