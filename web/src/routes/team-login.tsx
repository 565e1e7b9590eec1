import { ComingSoon } from '../ui/ComingSoon.js';

/** Team Login (/team-login). */
export default function TeamLoginScreen() {
  return (
    <ComingSoon
      name="Team Login"
      purpose="Sign in for designers and admins."
      back={{ to: '/auth', label: 'Client login' }}
    />
  );
}
