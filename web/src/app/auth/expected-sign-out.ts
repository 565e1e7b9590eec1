/**
 * Set while the person deletes their own account: the server ends every session of it, so a 401 or
 * the live socket's 'session ended' is expected, and the screen signs out and goes to the landing
 * page itself (no 'Not authenticated' toast, no sign-in redirect). Cleared by the next sign-in.
 */
let expected = false;

export const setSignOutExpected = (value: boolean) => {
  expected = value;
};
export const isSignOutExpected = () => expected;
