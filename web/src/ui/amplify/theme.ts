import type { Theme } from '@aws-amplify/ui-react';

/** The landing page's typeface, self-hosted from @fontsource-variable (no font CDN: the product works offline). */
const BRAND_FONT =
  "'Plus Jakarta Sans Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The studio's design system on top of Amplify UI's default theme, carried over from the landing
 * page: its deep indigo and warm yellow, its typeface, its rounder cards with soft shadows, and a
 * calmer heading scale than Amplify's (a screen's title is 2rem, not 4). A definition only:
 * createTheme turns it into CSS variables when the SPA is built (web/build/amplify-theme.ts).
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
      // The landing page's warm yellow: highlights, the plan badge, the logo's stroke.
      secondary: {
        10: { value: '#fffbeb' },
        20: { value: '#fef3c7' },
        40: { value: '#fde68a' },
        60: { value: '#fcd34d' },
        80: { value: '#d97706' },
        90: { value: '#b45309' },
        100: { value: '#78350f' },
      },
      background: {
        secondary: { value: '#f6f5fb' },
        tertiary: { value: '#eeedf6' },
      },
      border: {
        primary: { value: '#cbd5e1' },
        secondary: { value: '#e2e8f0' },
      },
      font: {
        primary: { value: '#0f172a' },
        secondary: { value: '#475569' },
      },
    },
    fonts: { default: { variable: { value: BRAND_FONT }, static: { value: BRAND_FONT } } },
    radii: {
      small: { value: '0.5rem' },
      medium: { value: '0.75rem' },
      large: { value: '0.875rem' },
      xl: { value: '1.25rem' },
    },
    shadows: {
      small: { value: { offsetX: '0px', offsetY: '1px', blurRadius: '3px', color: 'rgba(15, 23, 42, 0.08)' } },
      medium: { value: { offsetX: '0px', offsetY: '6px', blurRadius: '20px', color: 'rgba(15, 23, 42, 0.08)' } },
      large: { value: { offsetX: '0px', offsetY: '18px', blurRadius: '40px', color: 'rgba(67, 56, 202, 0.16)' } },
    },
    components: {
      heading: {
        1: { fontSize: { value: '{fontSizes.xxl}' }, fontWeight: { value: '{fontWeights.extrabold}' } },
        2: { fontSize: { value: '{fontSizes.xl}' }, fontWeight: { value: '{fontWeights.bold}' } },
        3: { fontSize: { value: '{fontSizes.large}' }, fontWeight: { value: '{fontWeights.bold}' } },
        4: { fontSize: { value: '{fontSizes.medium}' }, fontWeight: { value: '{fontWeights.semibold}' } },
        5: { fontSize: { value: '{fontSizes.medium}' }, fontWeight: { value: '{fontWeights.bold}' } },
        6: { fontSize: { value: '{fontSizes.small}' }, fontWeight: { value: '{fontWeights.extrabold}' } },
      },
      card: {
        borderRadius: { value: '{radii.large}' },
        outlined: { borderColor: { value: '{colors.border.secondary}' } },
        elevated: { boxShadow: { value: '{shadows.medium}' } },
      },
      button: {
        borderRadius: { value: '{radii.small}' },
        fontWeight: { value: '{fontWeights.semibold}' },
      },
      fieldcontrol: { borderRadius: { value: '{radii.small}' } },
      badge: {
        borderRadius: { value: '{radii.xxl}' },
        fontWeight: { value: '{fontWeights.semibold}' },
      },
    },
  },
};
