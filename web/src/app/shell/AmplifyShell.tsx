import { useLayoutEffect } from 'react';
import { ProveEmailDialog } from '../../features/users/components/ProveEmailDialog.js';
import { Outlet } from 'react-router-dom';
import { QueryShell } from '../query/QueryShell.js';
import '@fontsource-variable/plus-jakarta-sans/wght.css';
import '../../ui/amplify/styles.js';
// The brand theme, built from theme.ts with Amplify UI's createTheme at build time (web/build/amplify-theme.ts).
import 'virtual:amplify-theme.css';
import { theme } from '../../ui/amplify/theme.js';
import '../../ui/ui.css';

/**
 * The layout route around every screen but the landing page: Amplify UI's styles and the brand
 * theme, loaded with the first such screen and kept while the visitor moves between them. The
 * theme's stylesheet applies under `data-amplify-theme`, the attribute ThemeProvider would set;
 * ThemeProvider itself would rebuild every token of the theme in the browser on each visit.
 *
 * The attribute goes on the root element rather than a wrapper: Amplify UI's base.css declares its
 * ~1,600 tokens on `:root, [data-amplify-theme]`, so a wrapper made the browser compute every token
 * a second time there (and the elements below inherit from that second set), on each style pass.
 *
 * The query cache lives here too, so the landing page's entry does not carry it.
 */
export default function AmplifyShell() {
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.setAttribute('data-amplify-theme', theme.name);
    return () => root.removeAttribute('data-amplify-theme');
  }, []);
  return (
    <QueryShell>
      <Outlet />
      <ProveEmailDialog />
    </QueryShell>
  );
}
