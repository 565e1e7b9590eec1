import { createTheme } from '@aws-amplify/ui';
import type { Plugin } from 'vite';
import { theme } from '../src/ui/amplify/theme.js';

const MODULE_ID = 'virtual:amplify-theme.css';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * The brand theme as a stylesheet, built with Amplify UI's own `createTheme` when the SPA is
 * built rather than in every visitor's browser. At run time, ThemeProvider would call it on each
 * visit (it walks and names all of the theme's ~2,500 tokens: about 60 ms of script and as much
 * garbage collection on this machine, 4× that on Lighthouse's phone), while only a few tokens
 * differ from the default theme that Amplify UI's base.css already declares. The stylesheet holds
 * just those, for `[data-amplify-theme="<name>"]`, the attribute ThemeProvider would set.
 */
export function themeCss(): string {
  const base = new Set(
    createTheme()
      .cssText.split('\n')
      .map((line) => line.trim()),
  );
  const brand = createTheme(theme);
  const changed = brand.cssText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('--amplify-') && !base.has(line));
  return `[data-amplify-theme="${brand.name}"] {\n  ${changed.join('\n  ')}\n}\n`;
}

export function amplifyTheme(): Plugin {
  return {
    name: 'amplify-theme',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? themeCss() : undefined),
  };
}
