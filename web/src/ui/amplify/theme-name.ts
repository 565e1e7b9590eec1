/**
 * The brand theme's name: Amplify UI's ThemeProvider would put it in `data-amplify-theme`, and the
 * theme's stylesheet (built from theme.ts) applies under that attribute. Its own module, so the
 * attribute can be set early (ui/amplify/apply-theme.ts) without loading the theme's definition.
 */
export const THEME_NAME = 'design-club';
