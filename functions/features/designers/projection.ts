import {
  designerEvolution,
  isDesigner,
  revocationEvolution,
  type DesignerState,
  type RevocationState,
} from './state.js';
import type { Projection } from '../../platform/views/projection.js';
import type { ViewItem } from '../../platform/views/views.js';
import {
  ACTIVE_DESIGNERS_COUNTER,
  DESIGNERS_PARTITION,
  designerInviteTokenKey,
  designerKey,
  designerUserPartition,
  revocationKey,
  type DesignerDoc,
} from './keys.js';

export {
  ACTIVE_DESIGNERS_COUNTER,
  DESIGNERS_PARTITION,
  designerInviteTokenKey,
  designerKey,
  designerUserPartition,
  revocationKey,
};

/**
 * One item per designer authorisation (removed ones leave): by e-mail (the key), by user id
 * (gsi1 `designer-user#<sub>`, once linked) and in the list of all designers (gsi4 `designers`,
 * ordered by e-mail). The API's role checks and the designer management screen read these.
 */
export const designersProjection: Projection<DesignerState> = {
  name: 'designers',
  streamPrefix: 'designer-',
  ...designerEvolution,
  items(state) {
    if (!isDesigner(state) || !state.email) return [];
    const doc: DesignerDoc = {
      email: state.email,
      active: state.status === 'active',
      user_id: state.user_id,
      authorized_at: state.authorized_at,
      updated_at: state.updated_at,
      invitation: state.invitation
        ? {
            status: state.invitation.status,
            expires_at: state.invitation.expires_at,
            invited_at: state.invitation.invited_at,
            sent_at: state.invitation.sent_at,
            send_error: state.invitation.send_error,
          }
        : null,
    };
    const item: ViewItem = {
      ...designerKey(state.email),
      gsi4pk: DESIGNERS_PARTITION,
      gsi4sk: state.email,
      doc: JSON.stringify(doc),
    };
    if (state.user_id) Object.assign(item, { gsi1pk: designerUserPartition(state.user_id), gsi1sk: state.email });
    const items = [item];
    if (state.invitation?.status === 'pending')
      items.push({ ...designerInviteTokenKey(state.invitation.token_hash), email: state.email });
    return items;
  },
  // Designers with an account (the Users tab counts users): an authorisation once linked to one.
  counters: (state) =>
    isDesigner(state) && state.email && state.user_id && state.status === 'active' ? [ACTIVE_DESIGNERS_COUNTER] : [],
};

/**
 * The latest 'Sign Out All Designers' click (when, how many). Access no longer reads it: each
 * designer's own "sessions valid from" instant (users projection) moves with the click.
 */
export const designerSessionsProjection: Projection<RevocationState> = {
  name: 'designer-sessions',
  streamPrefix: 'revocation-designers',
  ...revocationEvolution,
  items(state) {
    if (!state.not_before) return [];
    return [{ ...revocationKey, not_before: state.not_before, count: state.count }];
  },
};
