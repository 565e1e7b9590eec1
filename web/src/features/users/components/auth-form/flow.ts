import { authErrorMessage, signInWithPassword } from '#web/app/auth/auth-session.js';
import { fetchAccess } from '#web/app/auth/server-roles.js';
import { toast } from '#web/ui/toast/use-toast.js';

/**
 * What the auth forms' flows share: the spec's error toast, the password checks, and signing in with
 * the roles the API gives (a token's groups can lag behind a role just granted).
 */

/** The spec's error toast: title 'Error', the words under it. */
export const errorToast = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

/** An auth library or API failure in the spec's words, or `fallback` when it has none. */
export const authErrorToast = (error: unknown, fallback: string) => errorToast(authErrorMessage(error, fallback));

/**
 * What is wrong with a new password (and its confirmation, when asked for one), in the spec's words;
 * null when nothing.
 */
export function passwordProblem(password: string, minLength: number, confirmation?: string): string | null {
  if (confirmation !== undefined && password !== confirmation) return 'Passwords do not match.';
  if (password.length < minLength) return `Password must be at least ${minLength} characters.`;
  return null;
}

/** Signs in, then asks the API who the account is: its roles (and its team), for where to go next. */
export async function signInWithRoles(credentials: { email: string; password: string; persistent: boolean }) {
  const user = await signInWithPassword(credentials);
  const access = await fetchAccess();
  return { user, roles: access?.roles ?? user.groups, team: access?.team };
}
