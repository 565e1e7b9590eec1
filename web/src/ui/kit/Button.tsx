import { createElement, type ButtonHTMLAttributes, type ElementType, type ReactNode } from 'react';
import type { To } from 'react-router-dom';
import { Loader } from './primitives.js';
import { cx, splitStyleProps, type StyleProps } from './style-props.js';

export interface ButtonProps extends StyleProps, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  variation?: 'primary' | 'link' | 'destructive';
  size?: 'small' | 'large';
  /** Tints the default, primary and link variations. */
  colorTheme?: 'error' | 'warning' | 'info' | 'success';
  isFullWidth?: boolean;
  isDisabled?: boolean;
  /** Shows a spinner and `loadingText` instead of the label; disables the button unless `isDisabled` says otherwise. */
  isLoading?: boolean;
  loadingText?: ReactNode;
  /** Renders another element, e.g. a router link (`as={Link} to="/submit"`). */
  as?: ElementType;
  to?: To;
  [key: `data-${string}`]: string | number | boolean | undefined;
}

export function Button({
  className,
  children,
  variation,
  size,
  colorTheme,
  isFullWidth = false,
  isDisabled,
  isLoading,
  loadingText = '',
  as,
  type = 'button',
  ...props
}: ButtonProps) {
  const { style, rest } = splitStyleProps(props);
  const disabled = isDisabled ?? isLoading ?? rest.disabled;
  const themed = colorTheme && variation !== 'destructive' ? `ui-button--${variation ?? 'outlined'}--${colorTheme}` : undefined;
  const classes = cx(
    'ui-button',
    variation && `ui-button--${variation}`,
    themed,
    size && `ui-button--${size}`,
    disabled && 'ui-button--disabled',
    isLoading && 'ui-button--loading',
    isFullWidth && 'ui-button--fullwidth',
    className,
  );
  const content = isLoading ? (
    <span className="ui-button__loader-wrapper">
      <Loader size={size === 'large' ? 'large' : size} aria-hidden="true" />
      {loadingText || null}
    </span>
  ) : (
    children
  );
  const element = as ?? 'button';
  const elementProps = element === 'button' ? { ...rest, type, disabled } : { ...rest, 'aria-disabled': disabled || undefined };
  return createElement(element, { ...elementProps, className: classes, style }, content);
}
