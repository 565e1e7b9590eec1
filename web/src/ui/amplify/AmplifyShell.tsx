import { ThemeProvider } from '@aws-amplify/ui-react';
import { Outlet } from 'react-router-dom';
import './styles.js';
import { theme } from './theme.js';
import '../ui.css';

/**
 * The layout route around every screen but the landing page: Amplify UI's styles and the brand
 * theme, loaded once with the first such screen and kept while the visitor moves between them, so
 * the theme's tokens are built once per visit rather than once per screen.
 */
export default function AmplifyShell() {
  return (
    <ThemeProvider theme={theme}>
      <Outlet />
    </ThemeProvider>
  );
}
