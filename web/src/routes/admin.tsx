import { ComingSoon } from '../ui/ComingSoon.js';

/** Admin Dashboard (/admin). */
export default function AdminScreen() {
  return (
    <ComingSoon
      name="Admin Dashboard"
      purpose="Review and assign projects, moderate comments, follow activity and manage users."
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
      signedIn
    />
  );
}
