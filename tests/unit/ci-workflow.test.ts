import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The CI workflow cannot run here; what can be checked is that it calls only scripts that exist,
 * takes its AWS credentials from OIDC (no stored keys), and tests before it deploys.
 */
const workflow = readFileSync(new URL('../../.github/workflows/ci.yml', import.meta.url), 'utf8');
const scripts = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts;
const commands = workflow.split('\n').filter((line) => /^\s*(-\s*)?run:/.test(line));

describe('.github/workflows/ci.yml', () => {
  it('calls only npm scripts that package.json has', () => {
    const called = [...workflow.matchAll(/npm run ([\w:.-]+)/g)].map((match) => match[1]!);
    expect(called.length).toBeGreaterThanOrEqual(2);
    for (const name of called) expect(scripts, `npm run ${name}`).toHaveProperty(name);
    if (/npm test\b/.test(workflow)) expect(scripts).toHaveProperty('test');
  });

  it('installs cleanly and tests, then diffs and deploys', () => {
    const order = ['npm ci', 'npm test', 'npm run deploy:diff', 'npm run deploy '].map((text) => workflow.indexOf(text));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(workflow).toMatch(/deploy:\n\s+needs: test/);
    expect(commands.length).toBeGreaterThanOrEqual(4);
  });

  it('assumes a role through OIDC and stores no AWS keys', () => {
    expect(workflow).toContain('aws-actions/configure-aws-credentials@');
    expect(workflow).toMatch(/role-to-assume: \$\{\{ vars\.AWS_DEPLOY_ROLE_ARN \}\}/);
    expect(workflow).toMatch(/id-token: write/);
    expect(workflow).not.toMatch(/aws-access-key-id|aws-secret-access-key|AWS_SECRET_ACCESS_KEY|secrets\.AWS/i);
  });
});
