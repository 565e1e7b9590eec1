import { ComingSoon } from '../ui/ComingSoon.js';

/** Accept Invitation (/accept-invite). */
export default function AcceptInviteScreen() {
  return (
    <ComingSoon
      name="Accept Invitation"
      purpose="Join the team that invited you."
      back={{ to: '/auth', label: 'Sign in' }}
    />
  );
}
