import { Tabs as AmplifyTabs, type TabsProps } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';

/**
 * Amplify UI's Tabs, keeping the selected tab in sight and saying when there are more. On a narrow
 * screen the tab bar scrolls (ui.css); a deep link to the fifth tab, or arrow keys past the edge,
 * would otherwise leave the selected tab hidden, and a bar cut at the screen's edge ('Managem…')
 * hid that it scrolls. The frame's `data-more` ('start', 'end') draws a fade and an arrow on each
 * side that has tabs out of sight. Only the bar scrolls, never the page.
 */
export function Tabs({ onValueChange, ...props }: TabsProps) {
  const root = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  // The selected tab: the caller's value, else the one picked here (tabs the caller does not hold).
  const [picked, setPicked] = useState(props.defaultValue);
  const selected = props.value ?? picked;
  // The tab bar's items are the `items`, in their order.
  const selectedIndex = props.items?.findIndex((item) => item.value === selected) ?? -1;

  useEffect(() => {
    const bar = root.current?.querySelector<HTMLElement>('.amplify-tabs__list');
    const tab = bar?.children.item(selectedIndex);
    if (!bar || !(tab instanceof HTMLElement) || bar.scrollWidth <= bar.clientWidth) return;
    const left = tab.offsetLeft - bar.offsetLeft;
    if (left < bar.scrollLeft || left + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) {
      bar.scrollLeft = Math.max(0, left - (bar.clientWidth - tab.offsetWidth) / 2);
    }
  }, [selectedIndex]);

  useEffect(() => {
    const bar = root.current?.querySelector<HTMLElement>('.amplify-tabs__list');
    const box = frame.current;
    if (!bar || !box) return;
    const update = () => {
      const more: string[] = [];
      if (bar.scrollLeft > 1) more.push('start');
      if (bar.scrollLeft + bar.clientWidth < bar.scrollWidth - 1) more.push('end');
      const value = more.join(' ');
      if (box.dataset.more !== value) box.dataset.more = value;
      box.style.setProperty('--tabs-list-height', `${bar.offsetHeight}px`);
    };
    update();
    bar.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    return () => {
      bar.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  return (
    <div className="tabs-frame" ref={frame}>
      <AmplifyTabs
        ref={root}
        {...props}
        onValueChange={(value) => {
          onValueChange?.(value);
          setPicked(value);
        }}
      />
    </div>
  );
}
