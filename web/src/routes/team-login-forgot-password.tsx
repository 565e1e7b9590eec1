import { ComingSoon } from '../ui/ComingSoon.js';

/** Team Password Reset (/team-login/forgot-password). */
export default function TeamForgotPasswordScreen() {
  return (
    <ComingSoon
      name="Team Password Reset"
      purpose="Team members can request a password reset link here."
      back={{ to: '/team-login', label: 'Back to team login' }}
    />
  );
}
