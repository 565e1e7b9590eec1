import { createElement, useState, type DragEvent, type ElementType, type HTMLAttributes, type ReactNode } from 'react';
import type { To } from 'react-router-dom';
import { cx, splitStyleProps, type StyleProps } from './style-props.js';

/**
 * The component kit the screens are built from: small, dependency-free primitives with the props
 * the screens use (a subset of what they were first written against), their markup and ARIA roles,
 * styled by ui/kit/kit.css.
 */

type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

export type ViewProps = StyleProps &
  Omit<HTMLAttributes<HTMLElement>, 'color'> &
  DataAttributes & {
    /** The element or component to render (default 'div'). */
    as?: ElementType;
    /** Router link target, for `as={Link}`. */
    to?: To;
    replace?: boolean;
    state?: unknown;
    href?: string;
    target?: string;
    rel?: string;
    noValidate?: boolean;
  };

/** Renders `as` (default tag `tag`) with the style props as an inline style. */
function render(tag: ElementType, props: ViewProps, className: string | undefined) {
  const { as, ...others } = props;
  const { style, rest } = splitStyleProps(others);
  return createElement(as ?? tag, { ...rest, className: className || undefined, style });
}

export function View({ className, ...props }: ViewProps) {
  return render('div', props, className);
}

export function Flex({ className, ...props }: ViewProps) {
  return render('div', props, cx('ui-flex', className));
}

export interface CardProps extends ViewProps {
  variation?: 'outlined' | 'elevated';
}

export function Card({ className, variation, ...props }: CardProps) {
  return render('div', props, cx('ui-card', variation && `ui-card--${variation}`, className));
}

export interface HeadingProps extends ViewProps {
  level?: 1 | 2 | 3 | 4 | 5 | 6;
}

export function Heading({ className, level = 6, ...props }: HeadingProps) {
  return render(`h${level}`, props, cx('ui-heading', `ui-heading--${level}`, className));
}

export function Text({ className, ...props }: ViewProps) {
  return render('p', props, cx('ui-text', className));
}

export interface LinkProps extends ViewProps {
  /** Opens in a new tab (target _blank, rel noopener noreferrer). */
  isExternal?: boolean;
}

export function Link({ className, isExternal, ...props }: LinkProps) {
  const external = isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return render('a', { ...external, ...props }, cx('ui-link', className));
}

export interface BadgeProps extends ViewProps {
  variation?: 'info' | 'error' | 'warning' | 'success';
  size?: 'small' | 'large';
}

export function Badge({ className, variation, size, ...props }: BadgeProps) {
  return render('span', props, cx('ui-badge', variation && `ui-badge--${variation}`, size && `ui-badge--${size}`, className));
}

export interface AvatarProps extends ViewProps {
  variation?: 'filled' | 'outlined';
  size?: 'small' | 'large';
}

export function Avatar({ className, variation, size, ...props }: AvatarProps) {
  return render('span', props, cx('ui-avatar', variation && `ui-avatar--${variation}`, size && `ui-avatar--${size}`, className));
}

/** A pulsing block shown where content is still loading. */
export function Placeholder({ className, ...props }: ViewProps) {
  return render('div', props, cx('ui-placeholder', className));
}

export function VisuallyHidden({ className, ...props }: ViewProps) {
  return render('span', props, cx('ui-visually-hidden', className));
}

export interface LoaderProps extends Omit<HTMLAttributes<SVGSVGElement>, 'color'> {
  size?: 'small' | 'large';
  /** Names the progress indicator for screen readers. */
  ariaLabel?: string;
}

/** An indeterminate spinner (role progressbar). */
export function Loader({ size, ariaLabel, className, ...rest }: LoaderProps) {
  return (
    <svg className={cx('ui-loader', size && `ui-loader--${size}`, className)} role="progressbar" aria-label={ariaLabel} viewBox="0 0 24 24" {...rest}>
      <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" />
      <circle cx="50%" cy="50%" r="42%" strokeWidth="8%" />
    </svg>
  );
}

const ALERT_ICONS: Record<string, string> = {
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8z',
  error: 'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  warning: 'M1 21h22L12 2 1 21zm12-3h-2v-2h2v2zm0-4h-2v-4h2v4z',
  success: 'M16.59 7.58L10 14.17l-3.59-3.58L5 12l5 5 8-8zM12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
};

export interface AlertProps extends ViewProps {
  variation?: 'info' | 'error' | 'warning' | 'success';
  heading?: ReactNode;
}

/** A message box (role alert) with an icon, an optional heading and the body. */
export function Alert({ className, variation, heading, children, ...props }: AlertProps) {
  const icon = variation ? ALERT_ICONS[variation] : undefined;
  return render(
    'div',
    {
      role: 'alert',
      ...props,
      children: (
        <>
          {icon ? (
            <svg className="ui-alert__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={icon} fill="currentColor" />
            </svg>
          ) : null}
          <div className="ui-alert__content">
            {heading ? <div className="ui-alert__heading">{heading}</div> : null}
            <div className="ui-alert__body">{children}</div>
          </div>
        </>
      ),
    },
    cx('ui-flex', 'ui-alert', variation && `ui-alert--${variation}`, className),
  );
}

export interface TableProps extends ViewProps {
  size?: 'small' | 'large';
  variation?: 'striped' | 'bordered';
  highlightOnHover?: boolean;
}

export function Table({ className, size, variation, highlightOnHover = false, ...props }: TableProps) {
  return render('table', { ...props, 'data-highlightonhover': highlightOnHover }, cx('ui-table', size && `ui-table--${size}`, variation && `ui-table--${variation}`, className));
}

export function TableHead({ className, ...props }: ViewProps) {
  return render('thead', props, cx('ui-table__head', className));
}

export function TableBody({ className, ...props }: ViewProps) {
  return render('tbody', props, cx('ui-table__body', className));
}

export function TableRow({ className, ...props }: ViewProps) {
  return render('tr', props, cx('ui-table__row', className));
}

export function TableCell({ className, as = 'td', ...props }: ViewProps) {
  return render(as, props, cx(as === 'td' ? 'ui-table__td' : 'ui-table__th', className));
}

export interface DropZoneProps extends ViewProps {
  /** Called with the files dropped on the zone. */
  onDropComplete?(files: { acceptedFiles: File[]; rejectedFiles: File[] }): void;
}

/** An area files can be dropped on; highlighted while files are dragged over it. */
export function DropZone({ className, onDropComplete, ...props }: DropZoneProps) {
  const [active, setActive] = useState(false);
  const stop = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
  };
  return render(
    'div',
    {
      ...props,
      onDragEnter: stop,
      onDragStart: (event: DragEvent) => event.dataTransfer.clearData(),
      onDragOver: (event: DragEvent) => {
        stop(event);
        event.dataTransfer.dropEffect = 'copy';
        setActive(true);
      },
      onDragLeave: (event: DragEvent) => {
        stop(event);
        setActive(false);
      },
      onDrop: (event: DragEvent) => {
        stop(event);
        setActive(false);
        onDropComplete?.({ acceptedFiles: Array.from(event.dataTransfer.files), rejectedFiles: [] });
      },
    } as ViewProps,
    cx(className, active && 'ui-dropzone--accepted', 'ui-dropzone'),
  );
}
