/** How auth failures read on screen. Pure helpers: importing them does not load the auth library. */

/**
 * The service's message for a failed auth call, in the spec's words where it has them
 * ('User not found'), else Cognito's own message, else `fallback`.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'UserNotFoundException') return 'User not found';
  const raw = error instanceof Error ? error.message.trim() : '';
  // A trigger's refusal arrives as 'PreSignUp failed with error <its message>': show its message.
  // ('pre-sign-up failed with error ….' locally, where Cognito also adds a full stop of its own).
  const message =
    name === 'UserLambdaValidationException'
      ? raw.replace(/^[\w-]+ failed with error\s*/i, '').replace(/\.\.$/, '.')
      : raw;
  return message || fallback;
}
