import { ComingSoon } from '../ui/ComingSoon.js';

/** New Project (/submit). */
export default function SubmitScreen() {
  return (
    <ComingSoon
      name="New Project"
      purpose="Describe your project in four steps and review its AI-generated checklist before submitting."
      back={{ to: '/dashboard', label: 'Back to Dashboard' }}
      signedIn
    />
  );
}
