import { Tabs } from '../../../ui/Tabs.js';
import { useEffect, useState, type ReactNode } from 'react';

export interface ProjectTab {
  value: string;
  label: string;
  content: ReactNode;
}

/** The dialogs' tabs (Amplify UI's Tabs: role tab / tabpanel), starting at the first; content mounts when shown. */
export function ProjectTabs({ tabs, resetKey }: { tabs: ProjectTab[]; resetKey?: string | null }) {
  const [value, setValue] = useState(tabs[0]?.value ?? '');
  useEffect(() => setValue(tabs[0]?.value ?? ''), [resetKey]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Tabs
      value={value}
      onValueChange={setValue}
      isLazy
      spacing="relative"
      items={tabs.map(({ value: v, label, content }) => ({
        value: v,
        label,
        content: <div className="project-tab">{content}</div>,
      }))}
    />
  );
}
