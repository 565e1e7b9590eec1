import { Tabs } from '../../../ui/Tabs.js';
import { useState, type ReactNode } from 'react';

export interface ProjectTab {
  value: string;
  label: string;
  content: ReactNode;
}

/** The dialogs' tabs (Amplify UI's Tabs: role tab / tabpanel), starting at the first; content mounts when shown. */
export function ProjectTabs({ tabs, resetKey }: { tabs: ProjectTab[]; resetKey?: string | null }) {
  const first = tabs[0]?.value ?? '';
  const [value, setValue] = useState(first);
  // Another project (resetKey) starts at the first tab, set while rendering rather than after it.
  const [shownFor, setShownFor] = useState(resetKey);
  if (shownFor !== resetKey) {
    setShownFor(resetKey);
    setValue(first);
  }
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
