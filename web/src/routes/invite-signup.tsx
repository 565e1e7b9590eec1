import { ComingSoon } from '../ui/ComingSoon.js';

/** Join Your Team (/invite-signup). */
export default function InviteSignupScreen() {
  return (
    <ComingSoon
      name="Join Your Team"
      purpose="Create your account to accept your team invitation."
      back={{ to: '/auth', label: 'Sign in' }}
    />
  );
}
