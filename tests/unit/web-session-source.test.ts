import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The SPA learns who is signed in only through Amplify's public API (fetchAuthSession, Hub …),
 * never by reading what Amplify keeps in the browser's storage: its keys are its own business and
 * change between versions. This reads every source file under web/src and lists any that does.
 */
const WEB_SRC = join(import.meta.dirname, '../../web/src');

/**
 * The app's own storage keys, the only ones it may read or write (web/src/lib/auth-tokens.ts; the dashboard's
 * greeting).
 */
const OWN_KEYS = new Set(['AUTH_PREFERENCE_KEY', 'SIGNED_IN_HINT_KEY', 'WELCOMED_KEY']);

/** The per-user keys of Amplify's token store. */
const TOKEN_STORE_KEYS = [
  'idToken',
  'accessToken',
  'refreshToken',
  'clockDrift',
  'deviceKey',
  'randomPasswordKey',
  'deviceGroupKey',
  'signInDetails',
  'oauthMetadata',
];

/** Names and key parts of Amplify's token store (its AUTH_KEY_PREFIX, per-user keys, hosted-UI flags). */
const AMPLIFY_KEY_PATTERNS: RegExp[] = [
  /CognitoIdentityServiceProvider/,
  /LastAuthUser/,
  // A per-user key, quoted or after a dot.
  new RegExp(`['"\`.](${TOKEN_STORE_KEYS.join('|')})['"\`]`),
  /\.(idToken|accessToken|refreshToken|clockDrift)\$/,
  /amplify-(signin-with-hostedUI|redirected-from-hosted-ui)/,
];

/** Ways of walking a storage's keys, which would find Amplify's without naming them. */
const STORAGE_WALKS: RegExp[] = [
  /\b(local|session)Storage\s*\.\s*(key|length)\b/,
  /\bObject\s*\.\s*(keys|entries|values)\s*\(\s*(\{\s*\.\.\.)?\s*(window\s*\.\s*)?(local|session)Storage/,
  /\bfor\s*\([^)]*\bin\s+(window\s*\.\s*)?(local|session)Storage\b/,
  /\b(local|session)Storage\s*\[/,
  /\bstorage\s*\.\s*key\s*\(/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** Every finding in one file's text, as "file:line: why". */
function storageFindings(file: string, text: string): string[] {
  const findings: string[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const pattern of AMPLIFY_KEY_PATTERNS)
      if (pattern.test(line)) findings.push(`${where}: names an Amplify storage key (${pattern.source})`);
    for (const pattern of STORAGE_WALKS)
      if (pattern.test(line)) findings.push(`${where}: walks a storage's keys (${pattern.source})`);
    for (const match of line.matchAll(/\b(\w*[sS]torage)\s*\.\s*(getItem|setItem|removeItem)\s*\(\s*([^,)]*)/g)) {
      const key = match[3]!.trim();
      if (!OWN_KEYS.has(key))
        findings.push(`${where}: ${match[1]}.${match[2]}(${key}) is not one of the app's own keys`);
    }
  });
  return findings;
}

describe("web/src reads the session only through Amplify's public API", () => {
  it("no source file reads, writes or walks Amplify's storage keys", () => {
    const files = sourceFiles(WEB_SRC);
    expect(files.length).toBeGreaterThan(50);
    const findings = files.flatMap((file) => storageFindings(relative(WEB_SRC, file), readFileSync(file, 'utf8')));
    expect(findings).toEqual([]);
  });

  it('the check recognises the ways of reading them', () => {
    const samples = [
      'storage.getItem(`${prefix}.LastAuthUser`)',
      "const key = 'CognitoIdentityServiceProvider.' + clientId;",
      'localStorage.getItem(`${prefix}.${user}.idToken`)',
      'Object.keys(localStorage).find((key) => key.endsWith(suffix))',
      'for (let i = 0; i < localStorage.length; i += 1) {}',
      'sessionStorage.getItem(someKey)',
      'for (const key in window.localStorage) {}',
    ];
    for (const sample of samples) expect(storageFindings('sample.ts', sample), sample).not.toEqual([]);
    expect(storageFindings('sample.ts', 'localStorage.getItem(AUTH_PREFERENCE_KEY) === "session"')).toEqual([]);
  });
});
