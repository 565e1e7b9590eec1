import { Outlet } from 'react-router-dom';
import './styles.js';
// The brand theme, built from theme.ts with Amplify UI's createTheme at build time (web/build/amplify-theme.ts).
import 'virtual:amplify-theme.css';
import { theme } from './theme.js';
import '../ui.css';

/**
 * The layout route around every screen but the landing page: Amplify UI's styles and the brand
 * theme, loaded with the first such screen and kept while the visitor moves between them. The
 * theme's stylesheet applies under `data-amplify-theme`, the attribute ThemeProvider would set;
 * ThemeProvider itself would rebuild every token of the theme in the browser on each visit.
 */
export default function AmplifyShell() {
  return (
    <div data-amplify-theme={theme.name}>
      <Outlet />
    </div>
  );
}
