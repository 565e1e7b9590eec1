import { describe, expect, it } from 'vitest';
import { themeCss } from '../../web/build/amplify-theme.js';

/** The brand theme's stylesheet, built with Amplify UI's createTheme when the SPA is built. */
describe('the build-time Amplify UI theme', () => {
  const css = themeCss();

  it('holds the brand tokens under the theme attribute', () => {
    expect(css.startsWith('[data-amplify-theme="design-club"] {')).toBe(true);
    expect(css).toContain('--amplify-colors-primary-80: #4338ca;');
    expect(css).toContain('--amplify-radii-small: 0.5rem;');
    expect(css).toContain('--amplify-components-heading-1-font-weight: var(--amplify-font-weights-extrabold);');
    expect(css).toContain("--amplify-fonts-default-variable: 'Plus Jakarta Sans Variable'");
  });

  it('holds only what differs from the default theme that base.css already declares', () => {
    expect(css).not.toContain('--amplify-colors-red-60:');
    // The design system's colours, type, radii, shadows and component tokens (issue 36): still a few dozen of ~2,500.
    expect(css.split('\n').filter((line) => line.trim().startsWith('--amplify-')).length).toBeLessThan(60);
  });
});
