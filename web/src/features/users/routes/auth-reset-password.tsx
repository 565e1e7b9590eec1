import { ResetPasswordScreen } from '../components/ResetPasswordScreen.js';

/** Reset Password (/auth/reset-password?code=…&email=…), opened from the e-mailed link. */
export default function AuthResetPasswordScreen() {
  return <ResetPasswordScreen flow="client" />;
}
