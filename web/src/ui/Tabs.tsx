import { Tabs as AmplifyTabs, type TabsProps } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';

/**
 * Amplify UI's Tabs, keeping the selected tab in sight. On a narrow screen the tab bar scrolls
 * (ui.css); a deep link to the fifth tab, or arrow keys past the edge, would otherwise leave the
 * selected tab hidden. Only the bar scrolls, never the page.
 */
export function Tabs({ onValueChange, ...props }: TabsProps) {
  const root = useRef<HTMLDivElement>(null);
  const [changed, setChanged] = useState(0);

  useEffect(() => {
    const tab = root.current?.querySelector<HTMLElement>('.amplify-tabs__item--active');
    const bar = tab?.parentElement;
    if (!tab || !bar || bar.scrollWidth <= bar.clientWidth) return;
    const left = tab.offsetLeft - bar.offsetLeft;
    if (left < bar.scrollLeft || left + tab.offsetWidth > bar.scrollLeft + bar.clientWidth) {
      bar.scrollLeft = Math.max(0, left - (bar.clientWidth - tab.offsetWidth) / 2);
    }
  }, [props.value, changed]);

  return (
    <AmplifyTabs
      ref={root}
      {...props}
      onValueChange={(value) => {
        onValueChange?.(value);
        setChanged((n) => n + 1);
      }}
    />
  );
}
