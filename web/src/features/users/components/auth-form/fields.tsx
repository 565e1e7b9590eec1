import { Button, Flex, Link, PasswordField, TextField } from '@aws-amplify/ui-react';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { preloadAuth } from '#web/app/auth/auth-session.js';

/**
 * The pieces every sign-in, sign-up and password form is made of (/auth, /team-login, the forgot and
 * reset pages, /invite-signup): same labels, names, autocomplete hints and button states everywhere.
 */

/** The form: its fields in one column, and the auth library fetched as soon as it gets focus. */
export function AuthForm({
  onSubmit,
  noValidate,
  children,
}: {
  onSubmit(event: FormEvent): void;
  noValidate?: boolean;
  children: ReactNode;
}) {
  return (
    <Flex as="form" direction="column" gap="medium" onSubmit={onSubmit} onFocus={preloadAuth} noValidate={noValidate}>
      {children}
    </Flex>
  );
}

type Change = (event: ChangeEvent<HTMLInputElement>) => void;
/** A field's error below it (the invite-signup form checks its fields itself). */
export interface FieldError {
  error?: string;
}
const errorProps = ({ error }: FieldError) => (error === undefined ? {} : { hasError: !!error, errorMessage: error });

/** 'Email': the account's name to the browser's password manager (`username`) unless it makes a new one. */
export function EmailField({
  value,
  onChange,
  readOnly = false,
  autoComplete = 'username',
  ...rest
}: FieldError & {
  value: string;
  onChange?: Change;
  readOnly?: boolean;
  autoComplete?: 'username' | 'email';
}) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete={readOnly ? undefined : autoComplete}
      isRequired={!readOnly}
      isReadOnly={readOnly}
      value={value}
      onChange={onChange}
      {...errorProps(rest)}
    />
  );
}

/**
 * A password: `current` to sign in; `new` (with the minimum length under it) to choose one; `confirm`
 * to type the new one again.
 */
export function PasswordInput({
  kind,
  value,
  onChange,
  label,
  name,
  ...rest
}: FieldError & {
  kind: 'current' | 'new' | 'confirm';
  value: string;
  onChange: Change;
  label?: string;
  name?: string;
}) {
  return (
    <PasswordField
      label={label ?? (kind === 'confirm' ? 'Confirm Password' : 'Password')}
      name={name ?? (kind === 'confirm' ? 'confirm_password' : 'password')}
      autoComplete={kind === 'current' ? 'current-password' : 'new-password'}
      descriptiveText={kind === 'new' ? 'Minimum 12 characters' : undefined}
      hideShowPassword
      isRequired
      value={value}
      onChange={onChange}
      {...errorProps(rest)}
    />
  );
}

/** The form's one primary action, full width, with its words while it runs. */
export function SubmitButton({
  busy,
  loadingText,
  children,
}: {
  busy: boolean;
  loadingText: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText={loadingText}>
      {children}
    </Button>
  );
}

/** A link to another sign-in page (below the card, or beside a field). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link as={RouterLink} to={to}>
      {children}
    </Link>
  );
}
