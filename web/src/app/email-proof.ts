/**
 * The API answers 403 EMAIL_NOT_VERIFIED when an action needs an address its holder has proven
 * (creating a team, inviting, accepting an invitation, a test e-mail). The API client then asks
 * the mounted verification dialog (components/account/ProveEmailDialog.tsx) to get the proof, and
 * retries the request once it has it. Without a mounted dialog, the error reaches the caller.
 */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

type Prover = (message: string) => Promise<boolean>;
let prover: Prover | undefined;
let inFlight: Promise<boolean> | undefined;

/** Registers the dialog that proves the address; returns the unregister function. */
export function setEmailProver(next: Prover | undefined): () => void {
  prover = next;
  return () => {
    if (prover === next) prover = undefined;
  };
}

/** Asks for the proof (one dialog at a time for requests that fail together): true once proven. */
export function proveEmail(message: string): Promise<boolean> {
  if (!prover) return Promise.resolve(false);
  inFlight ??= prover(message).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

let reauthenticating = false;

/**
 * While the dialog asks for the password after the proof ended the session, a 401 elsewhere is expected: no sign-out
 * redirect.
 */
export const setReauthenticating = (value: boolean) => {
  reauthenticating = value;
};
export const isReauthenticating = () => reauthenticating;
