/** The lazily loaded auth module (Amplify). Started at boot so it is usually ready by first use. */
let pending: Promise<typeof import('./auth.js')> | undefined;

export function loadAuth(): Promise<typeof import('./auth.js')> {
  pending ??= import('./auth.js').catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
