import { THEME_NAME } from './theme-name.js';

/**
 * Puts the brand theme's attribute on the root element, where Amplify UI's tokens are declared
 * (`:root, [data-amplify-theme]`). Set before Amplify UI's stylesheet arrives, the browser computes
 * its ~1,600 tokens once, with the theme, when the sheet applies; set after (when the shell first
 * renders), the whole page was styled a second time for the change. Until the sheet arrives no rule
 * mentions the attribute, so setting it early costs nothing.
 */
export function applyTheme(): void {
  document.documentElement.setAttribute('data-amplify-theme', THEME_NAME);
}

/** The landing page has no Amplify UI: the attribute goes when the shell does. */
export function removeTheme(): void {
  document.documentElement.removeAttribute('data-amplify-theme');
}
