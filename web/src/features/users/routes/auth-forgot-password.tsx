import { ForgotPasswordScreen } from '../components/ForgotPasswordScreen.js';

/** Forgot Password (/auth/forgot-password): the link opens /auth/reset-password. */
export default function AuthForgotPasswordScreen() {
  return <ForgotPasswordScreen flow="client" />;
}
