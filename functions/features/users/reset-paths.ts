/**
 * Where each flow's reset page lives (docs/product.md#screens): a reset link, ours or the one Cognito's
 * CustomMessage trigger writes, opens the page of the flow the request came from.
 */
export const RESET_PATHS = { client: '/auth/reset-password', team: '/team-login/reset-password' } as const;
export type ResetFlow = keyof typeof RESET_PATHS;
