import { ComingSoon } from '../ui/ComingSoon.js';

/** Designer Dashboard (/designer). */
export default function DesignerScreen() {
  return (
    <ComingSoon
      name="Designer Dashboard"
      purpose="Work the projects assigned to you."
      back={{ to: '/', label: 'Back to home' }}
      signedIn
    />
  );
}
