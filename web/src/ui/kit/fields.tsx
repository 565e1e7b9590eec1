import { useId, type CSSProperties, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cx, splitStyleProps, type StyleProps } from './style-props.js';

/**
 * Labelled form fields: a <label> tied to the control, an optional description and error message
 * (both referenced by aria-describedby) and the native control.
 */
interface FieldProps extends StyleProps {
  label: ReactNode;
  labelHidden?: boolean;
  descriptiveText?: ReactNode;
  errorMessage?: ReactNode;
  hasError?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  size?: 'small' | 'large';
  className?: string;
}

interface FieldFrame {
  id: string;
  describedBy: string | undefined;
  wrap(control: ReactNode): ReactNode;
}

function useFieldFrame(kind: string, props: FieldProps & { id?: string; style?: CSSProperties }): FieldFrame {
  const generated = useId();
  const id = props.id ?? `${generated}field`;
  const descriptionId = props.descriptiveText ? `${generated}description` : undefined;
  const errorId = props.hasError ? `${generated}error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;
  const { style } = splitStyleProps(props);
  return {
    id,
    describedBy,
    wrap: (control) => (
      <div className={cx('ui-flex', 'ui-field', props.size && `ui-field--${props.size}`, kind, props.className)} style={style}>
        <label htmlFor={id} className={cx('ui-label', props.labelHidden && 'ui-visually-hidden')}>
          {props.label}
        </label>
        {props.descriptiveText ? (
          <p id={descriptionId} className={cx('ui-field__description', props.labelHidden && 'ui-visually-hidden')}>
            {props.descriptiveText}
          </p>
        ) : null}
        {control}
        {props.hasError && props.errorMessage ? (
          <p id={errorId} className="ui-field__error-message">
            {props.errorMessage}
          </p>
        ) : null}
      </div>
    ),
  };
}

const FIELD_KEYS = ['label', 'labelHidden', 'descriptiveText', 'errorMessage', 'hasError', 'isRequired', 'isDisabled', 'size', 'className', 'id', 'style'] as const;

/** The props that go to the native control: everything but the field's own and the style props. */
function controlProps<P extends FieldProps>(props: P): Omit<P, keyof FieldProps | 'id' | 'style'> {
  const { rest } = splitStyleProps(props);
  const control: Record<string, unknown> = { ...rest };
  for (const key of FIELD_KEYS) delete control[key];
  return control as Omit<P, keyof FieldProps | 'id' | 'style'>;
}

export interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'color' | 'width' | 'height'> {
  isReadOnly?: boolean;
}

export function TextField(props: TextFieldProps) {
  const frame = useFieldFrame('ui-textfield', props);
  const { isReadOnly, type = 'text', ...control } = controlProps(props);
  return frame.wrap(
    <div className="ui-field-group">
      <input
        {...control}
        type={type}
        id={frame.id}
        aria-describedby={frame.describedBy}
        aria-invalid={props.hasError ?? false}
        className={cx('ui-input', props.size && `ui-input--${props.size}`, props.hasError && 'ui-input--error')}
        readOnly={isReadOnly}
        required={props.isRequired}
        disabled={props.isDisabled ?? control.disabled}
      />
    </div>,
  );
}

export interface PasswordFieldProps extends TextFieldProps {
  /** Accepted for compatibility: the field never shows a show-password toggle. */
  hideShowPassword?: boolean;
}

export function PasswordField({ hideShowPassword: _hidden, autoComplete = 'current-password', className, ...props }: PasswordFieldProps) {
  return <TextField {...props} autoComplete={autoComplete} type="password" className={cx('ui-passwordfield', className)} />;
}

export interface SelectFieldProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'color' | 'width' | 'height'> {
  /** A first, empty option. */
  placeholder?: string;
}

export function SelectField(props: SelectFieldProps) {
  const frame = useFieldFrame('ui-selectfield', props);
  const { children, placeholder, value, defaultValue, ...control } = controlProps(props);
  const usePlaceholderDefault = value === undefined && defaultValue === undefined && placeholder;
  return frame.wrap(
    <div className="ui-select__wrapper">
      <select
        {...control}
        value={value}
        defaultValue={usePlaceholderDefault ? '' : defaultValue}
        id={frame.id}
        aria-describedby={frame.describedBy}
        aria-invalid={props.hasError ?? false}
        className={cx('ui-select', props.size && `ui-select--${props.size}`, props.hasError && 'ui-select--error')}
        required={props.isRequired}
        disabled={props.isDisabled ?? control.disabled}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {children}
      </select>
      <span className={cx('ui-select__icon', props.size && `ui-select__icon--${props.size}`)} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="1em" height="1em" focusable="false">
          <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" fill="currentColor" />
        </svg>
      </span>
    </div>,
  );
}

export interface TextAreaFieldProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'color' | 'width' | 'height' | 'wrap'> {}

export function TextAreaField(props: TextAreaFieldProps) {
  const frame = useFieldFrame('ui-textareafield', props);
  const { rows = 3, ...control } = controlProps(props);
  return frame.wrap(
    <textarea
      {...control}
      rows={rows}
      id={frame.id}
      aria-describedby={frame.describedBy}
      aria-invalid={props.hasError ?? false}
      className={cx('ui-textarea', props.size && `ui-textarea--${props.size}`, props.hasError && 'ui-textarea--error')}
      required={props.isRequired}
      disabled={props.isDisabled ?? control.disabled}
    />,
  );
}

export interface FieldsetProps extends StyleProps {
  legend: ReactNode;
  variation?: 'plain' | 'outlined';
  size?: 'small' | 'large';
  className?: string;
  children?: ReactNode;
}

/** A group of controls named by its legend (role group). */
export function Fieldset({ legend, variation = 'plain', size, className, children, ...styleProps }: FieldsetProps) {
  const { style } = splitStyleProps(styleProps);
  return (
    <fieldset className={cx('ui-flex', 'ui-fieldset', `ui-fieldset--${variation}`, size && `ui-fieldset--${size}`, className)} style={style}>
      <legend className="ui-visually-hidden">{legend}</legend>
      <div aria-hidden="true" className={cx('ui-fieldset__legend', size && `ui-fieldset__legend--${size}`)}>
        {legend}
      </div>
      {children}
    </fieldset>
  );
}
