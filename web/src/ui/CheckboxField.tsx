import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
}

/**
 * A labelled native checkbox. Amplify UI's CheckboxField hides its <input> under a drawn box, which
 * pointer-driven tools (and some assistive tech) cannot click (Playwright's check() times out:
 * "amplify-checkbox__button intercepts pointer events"); this one is the real control, themed with
 * the brand colour.
 */
export function CheckboxField({ label, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`checkbox-field${className ? ` ${className}` : ''}`}>
      <input id={id} type="checkbox" className="checkbox-field__input" {...input} />
      <label htmlFor={id} className="checkbox-field__label">
        {label}
      </label>
    </div>
  );
}
