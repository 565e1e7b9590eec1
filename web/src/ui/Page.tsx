import { useEffect, type ReactNode } from 'react';

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
 * The frame of every screen (inside the Amplify UI shell, ui/amplify/AmplifyShell.tsx): an optional
 * header and a centred <main>.
 */
export function Page({ title, width = 'default', header, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className="page">
      {header}
      <main className={`page__main page__main--${width}`}>{children}</main>
    </div>
  );
}
