import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ErasureResponse } from '#features/users/erasure-contracts.js';

export interface EraseAccountBody {
  /** The account's password: proves it is the person, not someone at an unlocked screen. */
  password: string;
  /** The account's e-mail address, typed by the person to confirm. */
  email: string;
}

/**
 * POST /api/me/erasure: 'Delete My Account'. On 202 the account is gone and every session of it has
 * ended; the caller signs out on this device. 400 (the typed address is not the account's), 403
 * (wrong password), 409 (already being erased) and 429 carry the server's own words.
 */
export function useEraseAccount() {
  return useMutation({
    mutationFn: (body: EraseAccountBody) => api.post<ErasureResponse>('/me/erasure', body),
  });
}
