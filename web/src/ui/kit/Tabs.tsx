import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './style-props.js';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  /** The selected tab (controlled), with `onValueChange`. */
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
  /** Only the selected tab's panel is mounted. */
  isLazy?: boolean;
  /** 'relative': tabs grow with their labels; 'equal': same width. */
  spacing?: 'relative' | 'equal';
  className?: string;
}

/**
 * Tabs after the WAI-ARIA pattern: a tablist of buttons (role tab, aria-selected, aria-controls; the
 * arrow keys move between them) and one tabpanel per tab, labelled by its tab.
 */
export function Tabs({ items, value, defaultValue, onValueChange, isLazy, spacing, className }: TabsProps) {
  const groupId = useId();
  const list = useRef<HTMLDivElement>(null);
  const controlled = value !== undefined;
  const [local, setLocal] = useState(defaultValue);
  const active = (controlled ? value : local) ?? '';
  const idOf = (v: string) => v.replace(' ', '-');

  // On a narrow screen the bar scrolls: keep the selected tab in sight (a deep link to the fifth tab
  // opens with it visible). Only the bar scrolls, never the page.
  useEffect(() => {
    const bar = list.current;
    const tab = bar?.querySelector<HTMLElement>(`[data-value="${CSS.escape(active)}"]`);
    if (!bar || !tab || bar.scrollWidth <= bar.clientWidth) return;
    const left = tab.offsetLeft - bar.offsetLeft;
    if (left < bar.scrollLeft || left + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) bar.scrollLeft = Math.max(0, left - (bar.clientWidth - tab.offsetWidth) / 2);
  }, [active]);

  function select(next: string) {
    onValueChange?.(next);
    if (!controlled) setLocal(next);
  }

  function move(step: 1 | -1) {
    const enabled = items.filter((item) => !item.isDisabled);
    if (!enabled.length) return;
    const current = enabled.findIndex((item) => item.value === active);
    const next = enabled[(current + step + enabled.length) % enabled.length]!;
    select(next.value);
    list.current?.querySelector<HTMLButtonElement>(`[data-value="${CSS.escape(next.value)}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      event.stopPropagation();
      move(-1);
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      move(1);
    }
  }

  return (
    <div className={cx('ui-tabs', className)}>
      <div role="tablist" ref={list} onKeyDown={onKeyDown} className={cx('ui-tabs__list', spacing && `ui-tabs__list--${spacing}`)}>
        {items.map((item) => {
          const selected = item.value === active;
          return (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={`${groupId}-tab-${idOf(item.value)}`}
              aria-selected={selected}
              aria-controls={`${groupId}-panel-${idOf(item.value)}`}
              tabIndex={selected ? undefined : -1}
              disabled={item.isDisabled}
              data-value={item.value}
              className={cx('ui-tabs__item', selected && 'ui-tabs__item--active')}
              onClick={() => select(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        isLazy && item.value !== active ? null : (
          <div
            key={item.value}
            role="tabpanel"
            id={`${groupId}-panel-${idOf(item.value)}`}
            aria-labelledby={`${groupId}-tab-${idOf(item.value)}`}
            className={cx('ui-tabs__panel', item.value === active && 'ui-tabs__panel--active')}
          >
            {item.content}
          </div>
        ),
      )}
    </div>
  );
}
