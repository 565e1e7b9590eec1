import { ComingSoon } from '../ui/ComingSoon.js';

/** Profile & Team Settings (/profile). */
export default function ProfileScreen() {
  return (
    <ComingSoon
      name="Profile & Team Settings"
      purpose="Edit your profile and manage your team."
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
      signedIn
    />
  );
}
