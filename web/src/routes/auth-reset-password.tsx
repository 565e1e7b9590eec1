import { ComingSoon } from '../ui/ComingSoon.js';

/** Reset Password (/auth/reset-password). */
export default function ResetPasswordScreen() {
  return (
    <ComingSoon
      name="Reset Password"
      purpose="Choose a new password for your account."
      back={{ to: '/auth', label: 'Back to sign in' }}
    />
  );
}
