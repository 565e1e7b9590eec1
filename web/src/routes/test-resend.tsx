import { ComingSoon } from '../ui/ComingSoon.js';

/** Test Email (/test-resend). */
export default function TestResendScreen() {
  return (
    <ComingSoon
      name="Test Email"
      purpose="Send a test email to check that email delivery works."
      back={{ to: '/', label: 'Back to home' }}
    />
  );
}
