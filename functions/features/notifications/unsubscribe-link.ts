import { NOTIFICATION_KIND_LABELS } from '../../../shared/notification-kinds.js';
import { HttpError } from '../../platform/errors.js';
import { readUnsubscribeToken, type UnsubscribeScope } from './unsubscribe-token.js';

const invalid = () =>
  new HttpError(
    400,
    'INVALID_TOKEN',
    'This unsubscribe link is not valid. Choose your e-mails on your profile instead.',
  );
export const labelOf = (scope: UnsubscribeScope) =>
  scope === 'digest' ? 'The daily digest' : NOTIFICATION_KIND_LABELS[scope];

/** The account and kind a link's token names, or a 400 that changes nothing. */
export function unsubscribeLink(token: string | undefined): { sub: string; kind: UnsubscribeScope; label: string } {
  const named = token ? readUnsubscribeToken(token) : null;
  if (!named) throw invalid();
  return { ...named, label: labelOf(named.kind) };
}

export { invalid as invalidUnsubscribeLink };
