import type { OneOf } from '#events/catalogue.js';
import type { EventEnvelope } from '#events/envelope.js';
import {
  designerOf,
  projectLink,
  type Board,
  type Notice,
  type ProjectParties,
  type Recipient,
} from '../../notifications/commands.js';
import type { NotificationKind } from '../../notifications/events.js';
import type { PermitEvent } from '../events.js';

/**
 * Who hears about the city's review, and what they are told: the assigned designer and admins of
 * the city's corrections, the client's side of the response letter, the studio of the permit. A pure
 * function of the event and the project's parties (the notifications feature stores and sends).
 */
export function permitNoticesFor(event: EventEnvelope, parties: ProjectParties): Notice[] {
  const { after } = parties;
  const project_id = event.streamId.slice('project-'.length);
  const title = after.title || 'A project';
  const client: Recipient[] = [after.user_id, ...parties.teamMembers]
    .filter((sub): sub is string => !!sub)
    .map((sub) => ({ sub, email: null }));
  const admins: Recipient[] = parties.admins.map((sub) => ({ sub, email: null }));
  const designer = designerOf(after, parties);
  const out: Notice[] = [];
  const tell = (recipients: readonly (Recipient | null)[], kind: NotificationKind, message: string, board: Board) => {
    for (const recipient of recipients)
      if (recipient)
        out.push({ recipient, kind, project_id, project_title: title, message, link: projectLink(board, project_id) });
  };
  const e = event as OneOf<PermitEvent, EventEnvelope>;
  switch (e.type) {
    case 'CityCorrectionsReceived': {
      const count = e.data.items.length;
      const items = `${count} ${count === 1 ? 'item' : 'items'}`;
      const message = `City corrections received on ${title}: plan check round ${e.data.round} (${items})`;
      tell([designer], 'status', message, 'designer');
      tell(admins, 'status', message, 'admin');
      break;
    }
    case 'ResponseLetterIssued':
      tell(client, 'deliverable', `Response letter ready for ${title} (round ${e.data.round})`, 'client');
      break;
    case 'PermitApproved': {
      const message = `Permit approved by city for ${title} (permit ${e.data.permit_number})`;
      tell([designer], 'status', message, 'designer');
      tell(admins, 'status', message, 'admin');
      break;
    }
  }
  return out;
}
