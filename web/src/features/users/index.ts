/** What the users slice lends other slices' screens (its calls are in api/): the auth form kit. */
export { AuthForm, AuthLink, EmailField, PasswordInput, SubmitButton } from './components/auth-form/fields.js';
