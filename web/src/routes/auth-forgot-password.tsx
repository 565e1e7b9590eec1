import { ComingSoon } from '../ui/ComingSoon.js';

/** Forgot Password (/auth/forgot-password). */
export default function ForgotPasswordScreen() {
  return (
    <ComingSoon
      name="Forgot Password"
      purpose="Enter your email and we will send you a link to reset your password."
      back={{ to: '/auth', label: 'Back to sign in' }}
    />
  );
}
