import { ForgotPasswordScreen } from '../components/ForgotPasswordScreen.js';

/** Team Password Reset (/team-login/forgot-password): the link opens /team-login/reset-password. */
export default function TeamForgotPasswordScreen() {
  return <ForgotPasswordScreen flow="team" />;
}
