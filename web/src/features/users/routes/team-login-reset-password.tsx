import { ResetPasswordScreen } from '../components/ResetPasswordScreen.js';

/** Set a New Team Password (/team-login/reset-password?code=…&email=…), opened from the e-mailed link. */
export default function TeamResetPasswordScreen() {
  return <ResetPasswordScreen flow="team" />;
}
