import { describe, expect, it } from 'vitest';
import { joinAsSub } from '../../infra/stack/dashboard.js';

/** What CloudFormation computes for Fn::Sub: each `${name}` replaced, `${!` kept as a literal `${`. */
function substitute(text: string, variables: Record<string, string>): string {
  return text.replace(/\$\{(!?)([^}]*)\}/g, (_whole, bang: string, name: string) =>
    bang ? `\${${name}}` : variables[name]!,
  );
}
function join(parts: unknown[], values: Map<string, string>): string {
  return parts.map((part) => (typeof part === 'string' ? part : values.get(JSON.stringify(part))!)).join('');
}

describe('the dashboard body as Fn::Sub', () => {
  const api = { 'Fn::GetAtt': ['ApiStack', 'Outputs.ApiId'] };
  const fn = { Ref: 'Function1' };
  const values = new Map([
    [JSON.stringify(api), 'abc123'],
    [JSON.stringify(fn), 'design-club-fn'],
  ]);
  const parts = ['{"a":"', api, '","b":"', fn, '","c":"', api, '","label":"${LAST} of ${PROP(\'x\')}"}'];

  it('names each distinct reference once and computes the same string', () => {
    const sub = joinAsSub({ 'Fn::Join': ['', parts] }) as { 'Fn::Sub': [string, Record<string, unknown>] };
    const [text, variables] = sub['Fn::Sub'];
    expect(Object.values(variables)).toEqual([api, fn]);
    const resolved = Object.fromEntries(
      Object.entries(variables).map(([name, ref]) => [name, values.get(JSON.stringify(ref))!]),
    );
    expect(substitute(text, resolved)).toBe(join(parts, values));
    expect(JSON.parse(substitute(text, resolved)).label).toBe("${LAST} of ${PROP('x')}");
  });

  it('leaves anything but a plain join as it is', () => {
    expect(joinAsSub('plain')).toBe('plain');
    const other = { 'Fn::Join': [',', ['a', fn]] };
    expect(joinAsSub(other)).toBe(other);
  });
});
