import { createTheme } from '@aws-amplify/ui';
import { describe, expect, it } from 'vitest';
import { themeCss } from '../../web/build/amplify-theme.js';
import { theme } from '../../web/src/ui/amplify/theme.js';

/** `--amplify-x: value;` lines of a stylesheet, as a map from token to value. */
const tokens = (css: string) =>
  new Map(
    css
      .split('\n')
      .map((line) => /^\s*(--amplify-[\w-]+):\s*(.*);\s*$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [match[1]!, match[2]!] as const),
  );

/**
 * The SPA skips ThemeProvider and ships only the tokens that differ from Amplify UI's defaults.
 * What a visitor sees must not change for it: the defaults overlaid with that stylesheet are the
 * tokens ThemeProvider would have set, and they apply where the SPA sets its attribute.
 */
describe('the build-time Amplify UI theme', () => {
  const css = themeCss();

  it('over the default tokens, gives every token the full brand theme gives', () => {
    const applied = new Map([...tokens(createTheme().cssText), ...tokens(css)]);
    expect(Object.fromEntries(applied)).toEqual(Object.fromEntries(tokens(createTheme(theme).cssText)));
  });

  it('applies under the attribute the shell sets on the root element', () => {
    expect(css.startsWith(`[data-amplify-theme="${theme.name}"] {`)).toBe(true);
  });
});
