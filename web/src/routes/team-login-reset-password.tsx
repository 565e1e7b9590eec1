import { ComingSoon } from '../ui/ComingSoon.js';

/** Set a New Team Password (/team-login/reset-password). */
export default function TeamResetPasswordScreen() {
  return (
    <ComingSoon
      name="Set a New Team Password"
      purpose="Team members choose a new password here."
      back={{ to: '/team-login', label: 'Back to team login' }}
    />
  );
}
