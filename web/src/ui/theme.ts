import { createTheme } from '@aws-amplify/ui-react';

const systemFont =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/** The Design Club look: deep indigo brand with an amber accent, system fonts (no web font download). */
export const theme = createTheme({
  name: 'design-club',
  tokens: {
    fonts: {
      default: {
        variable: { value: systemFont },
        static: { value: systemFont },
      },
    },
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
      secondary: {
        10: { value: '#fffbeb' },
        20: { value: '#fef3c7' },
        40: { value: '#fcd34d' },
        60: { value: '#f59e0b' },
        80: { value: '#d97706' },
        90: { value: '#b45309' },
        100: { value: '#92400e' },
      },
    },
    radii: {
      small: { value: '0.375rem' },
      medium: { value: '0.5rem' },
      large: { value: '0.75rem' },
    },
    components: {
      card: {
        borderRadius: { value: '{radii.large}' },
      },
      button: {
        borderRadius: { value: '{radii.medium}' },
      },
      heading: {
        1: { fontWeight: { value: '{fontWeights.bold}' } },
        2: { fontWeight: { value: '{fontWeights.semibold}' } },
        3: { fontWeight: { value: '{fontWeights.semibold}' } },
      },
    },
  },
});
