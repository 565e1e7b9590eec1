import { ThemeProvider } from '@aws-amplify/ui-react';
import { useEffect, type ReactNode } from 'react';
import './amplify/styles.js';
import { theme } from './amplify/theme.js';
import './ui.css';

/** Sets the browser tab's title while the screen is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = `${title} · Design Club`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

export interface PageProps {
  /** The browser tab's title. */
  title?: string;
  /** Content width: 'narrow' for forms, 'wide' for boards. */
  width?: 'narrow' | 'default' | 'wide';
  /** Rendered above <main>, full width (e.g. the app header). */
  header?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every screen: Amplify UI's styles and the brand theme (loaded with the routes, not in
 * the entry), an optional header and a centred <main>.
 */
export function Page({ title, width = 'default', header, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <ThemeProvider theme={theme}>
      <div className="page">
        {header}
        <main className={`page__main page__main--${width}`}>{children}</main>
      </div>
    </ThemeProvider>
  );
}
