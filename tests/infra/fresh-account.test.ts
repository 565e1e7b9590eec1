/**
 * Settings a fresh account meets: the default model follows the stack's region, Cognito's SES
 * settings name the identity that was verified, a placeholder sender is said out loud, and the web
 * ACL's body rules leave exactly the long-body routes alone.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { findRoute, routes } from '../../infra/routes.js';
import { ConfigError, DEFAULT_BEDROCK_MODEL, defaultBedrockModel, readConfig } from '../../infra/stack/config.js';
import { BODY_RULE_EXEMPT_ROUTES, BODY_RULES, COSTLY_ROUTES_PER_VIEWER, WebAcl } from '../../infra/stack/waf.js';
import { ROOT } from './support/synth.js';

const cdkContext = JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')).context as Record<string, unknown>;
const configOf = (context: Record<string, unknown>, region?: string) =>
  readConfig(new App({ context: { ...cdkContext, ...context } }).node, region);

describe('the default Bedrock model', () => {
  it('goes through the inference profile of the stack’s geography', () => {
    expect(configOf({}, 'us-east-1').bedrockModelId).toBe(`us.${DEFAULT_BEDROCK_MODEL}`);
    expect(configOf({}, 'us-west-2').bedrockModelId).toBe(`us.${DEFAULT_BEDROCK_MODEL}`);
    expect(configOf({}, 'eu-central-1').bedrockModelId).toBe(`eu.${DEFAULT_BEDROCK_MODEL}`);
    expect(configOf({}, 'eu-west-3').bedrockModelId).toBe(`eu.${DEFAULT_BEDROCK_MODEL}`);
    expect(configOf({}, 'ap-northeast-1').bedrockModelId).toBe(`apac.${DEFAULT_BEDROCK_MODEL}`);
  });

  it('says at synth that a region has no default, and how to choose one', () => {
    for (const region of ['sa-east-1', 'af-south-1', 'me-central-1', 'us-gov-west-1']) {
      expect(() => defaultBedrockModel(region)).toThrow(ConfigError);
      expect(() => configOf({}, region)).toThrow(/bedrockModelId/);
    }
    // An explicit model is taken as given, in any region.
    expect(configOf({ bedrockModelId: 'anthropic.claude-3-haiku-20240307-v1:0' }, 'sa-east-1').bedrockModelId).toBe(
      'anthropic.claude-3-haiku-20240307-v1:0',
    );
  });
});

describe('mail settings', () => {
  it('refuses Cognito over SES with the example sender, and a verified domain that is not the sender’s', () => {
    expect(() => configOf({ cognitoEmailViaSes: true })).toThrow(/cognitoEmailViaSes.*verified in SES/s);
    expect(() =>
      configOf({ senderEmail: 'no-reply@mail.designclub.studio', sesVerifiedDomain: 'designclub.studio' }),
    ).toThrow(/sesVerifiedDomain/);
    expect(
      configOf({
        senderEmail: 'no-reply@designclub.studio',
        sesVerifiedDomain: 'DesignClub.studio',
        cognitoEmailViaSes: true,
      }).sesVerifiedDomain,
    ).toBe('designclub.studio');
  });

  it('names the domain identity in Cognito’s SES settings when only the domain is verified', async () => {
    const { UserPool } = await import('aws-cdk-lib/aws-cognito');
    const { Auth } = await import('../../infra/stack/auth.js');
    const poolOf = (context: Record<string, unknown>) => {
      const stack = new Stack(new App(), 'Pool', { env: { region: 'us-east-1', account: '111122223333' } });
      new Auth(stack, 'Auth', { config: configOf(context), triggers: [], functions: {} as never });
      return Object.values(Template.fromStack(stack).findResources('AWS::Cognito::UserPool'))[0]!.Properties
        .EmailConfiguration;
    };
    expect(UserPool).toBeDefined();
    const domain = poolOf({
      senderEmail: 'no-reply@designclub.studio',
      sesVerifiedDomain: 'designclub.studio',
      cognitoEmailViaSes: true,
    });
    expect(JSON.stringify(domain.SourceArn)).toContain('identity/designclub.studio');
    const address = poolOf({ senderEmail: 'no-reply@designclub.studio', cognitoEmailViaSes: true });
    expect(JSON.stringify(address.SourceArn)).toContain('identity/no-reply@designclub.studio');
  });
});

describe('the web ACL’s body rules', () => {
  const acl = () => {
    const stack = new Stack(new App(), 'Waf', { env: { region: 'us-east-1', account: '111122223333' } });
    new WebAcl(stack, 'Waf', { stage: 'prod', rateLimit: 2000 });
    return Object.values(Template.fromStack(stack).findResources('AWS::WAFv2::WebACL'))[0]!.Properties;
  };

  it('exempts exactly the brief, the checklist and Stripe’s webhook, which are real routes', () => {
    expect(BODY_RULE_EXEMPT_ROUTES.map((route) => `${route.method} ${route.path}`)).toEqual([
      'POST /api/projects',
      'POST /api/checklists',
      'POST /api/billing/webhook',
    ]);
    for (const route of BODY_RULE_EXEMPT_ROUTES)
      expect(findRoute(`${route.method} ${route.path}`), route.path).toBeDefined();
  });

  it('counts the body rules in the group and blocks what they match everywhere else, after the group', () => {
    const rules = acl().Rules as Record<string, any>[];
    const common = rules.find(
      (rule) => rule.Statement.ManagedRuleGroupStatement?.Name === 'AWSManagedRulesCommonRuleSet',
    )!;
    expect(
      common.Statement.ManagedRuleGroupStatement.RuleActionOverrides.map((o: { Name: string }) => o.Name).sort(),
    ).toEqual(Object.keys(BODY_RULES).sort());
    const body = rules.find((rule) => rule.Name === 'CommonRuleSetBody')!;
    expect(body.Priority).toBeGreaterThan(common.Priority);
    expect(body.Action).toEqual({ Block: {} });
    const [matched, notExempt] = body.Statement.AndStatement.Statements;
    expect(matched.OrStatement.Statements.map((s: any) => s.LabelMatchStatement.Key).sort()).toEqual(
      Object.values(BODY_RULES).sort(),
    );
    const exempt = notExempt.NotStatement.Statement.OrStatement.Statements.map((s: any) =>
      s.AndStatement.Statements.map(
        (m: any) => `${m.ByteMatchStatement.PositionalConstraint} ${m.ByteMatchStatement.SearchString}`,
      ).join(' '),
    );
    expect(exempt).toEqual(BODY_RULE_EXEMPT_ROUTES.map((route) => `EXACTLY ${route.method} EXACTLY ${route.path}`));
  });

  it(
    'limits each viewer on the costly routes together, so ' + 'one source cannot empty their shared API Gateway bucket',
    () => {
      const rules = acl().Rules as Record<string, any>[];
      const costly = rules.find((rule) => rule.Name === 'CostlyRoutesPerIp')!;
      expect(costly.Action.Block.CustomResponse.ResponseCode).toBe(429);
      expect(costly.Statement.RateBasedStatement).toMatchObject({
        AggregateKeyType: 'IP',
        Limit: COSTLY_ROUTES_PER_VIEWER,
      });
      const matchers = costly.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map((s: any) => {
        const [method, path] = s.AndStatement.Statements;
        return {
          method: method.ByteMatchStatement.SearchString as string,
          path: new RegExp(path.RegexMatchStatement.RegexString as string),
        };
      });
      const costlyHit = (method: string, path: string) =>
        matchers.some((m: { method: string; path: RegExp }) => m.method === method && m.path.test(path));
      for (const route of routes.filter((r) => r.throttle)) {
        expect(costlyHit(route.method, route.path.replace(/\{[^}]+\}/g, 'x1')), route.path).toBe(true);
      }
      expect(costlyHit('POST', '/api/checklists')).toBe(true);
      expect(costlyHit('POST', '/api/team/invites/abc/resend')).toBe(true);
      expect(costlyHit('POST', '/api/team/invites/abc/resend/more')).toBe(false);
      expect(costlyHit('GET', '/api/projects')).toBe(false);
      expect(rules.map((rule) => rule.Priority)).toEqual([...rules.keys()]);
    },
  );
});
