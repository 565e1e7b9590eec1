import { useMutation } from '@tanstack/react-query';
import type {
  AddDesignerResponse,
  RemoveDesignerResponse,
  ResendDesignerInviteResponse,
  UpdateDesignerResponse,
} from '#features/designers/contracts.js';
import { ActionKeys, api } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { designerKeys } from './keys.js';

const addKeys = new ActionKeys();
const designerPath = (email: string) => `/designers/${encodeURIComponent(email)}`;
/** Every list of designers follows the admins' `designers` topic; asked now only while the socket is down. */
const onSuccess = () => refreshUnlessLive([designerKeys.all()]);

/** POST /api/designers: pre-authorises an e-mail and sends the invitation. */
export const useAddDesigner = () =>
  useMutation({
    mutationFn: (email: string) =>
      addKeys.run({ email }, (idempotencyKey) =>
        api.post<AddDesignerResponse>('/designers', { email }, { idempotencyKey }),
      ),
    onSuccess,
  });

/** PATCH /api/designers/{email}: activate or deactivate. */
export const useSetDesignerActive = () =>
  useMutation({
    mutationFn: ({ email, active }: { email: string; active: boolean }) =>
      api.patch<UpdateDesignerResponse>(designerPath(email), { active }),
    onSuccess,
  });

/** POST /api/designers/{email}/invite: a new invitation link (the old one stops working). */
export const useResendDesignerInvite = () =>
  useMutation({
    mutationFn: (email: string) => api.post<ResendDesignerInviteResponse>(`${designerPath(email)}/invite`),
    onSuccess,
  });

/** DELETE /api/designers/{email}. */
export const useRemoveDesigner = () =>
  useMutation({ mutationFn: (email: string) => api.delete<RemoveDesignerResponse>(designerPath(email)), onSuccess });
