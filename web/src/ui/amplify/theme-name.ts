/**
 * The brand theme's name: Amplify UI's ThemeProvider would put it in `data-amplify-theme`, and the
 * theme's stylesheet (built from theme.ts) applies under that attribute. Its own module, so the
 * entry can set the attribute early (ui/amplify/apply-theme.ts) without the theme's definition.
 */
export const THEME_NAME = 'design-club';
