import type { Theme } from '@aws-amplify/ui-react';

const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/**
 * The brand on top of Amplify UI's default theme: deep indigo instead of teal, slightly rounder
 * corners, the system font stack (no web font to download) and bold headings. A definition
 * only: createTheme turns it into CSS variables when the SPA is built (web/build/amplify-theme.ts).
 */
export const theme: Theme & { name: string } = {
  name: 'design-club',
  tokens: {
    colors: {
      primary: {
        10: { value: '#eef2ff' },
        20: { value: '#e0e7ff' },
        40: { value: '#a5b4fc' },
        60: { value: '#6366f1' },
        80: { value: '#4338ca' },
        90: { value: '#3730a3' },
        100: { value: '#312e81' },
      },
    },
    fonts: { default: { variable: { value: SYSTEM_FONTS }, static: { value: SYSTEM_FONTS } } },
    radii: { small: { value: '0.375rem' }, large: { value: '0.75rem' } },
    components: {
      // Amplify's headings are light; the brand's are bold.
      heading: {
        1: { fontWeight: { value: '{fontWeights.bold}' } },
        2: { fontWeight: { value: '{fontWeights.semibold}' } },
        3: { fontWeight: { value: '{fontWeights.semibold}' } },
        4: { fontWeight: { value: '{fontWeights.semibold}' } },
        5: { fontWeight: { value: '{fontWeights.bold}' } },
        6: { fontWeight: { value: '{fontWeights.extrabold}' } },
      },
    },
  },
};
