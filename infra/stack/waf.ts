import { Stack, Token } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { routes } from '../routes.js';
import { ConfigError } from './config.js';

/** AWS managed rule groups the web ACL applies, in order after the per-IP rate rule. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

/**
 * The common rule set's body rules, and the label each adds to a request it matches (AWS WAF's
 * documented labels of the core rule set). They count in the rule group and block in the rule
 * `CommonRuleSetBody` after it, except on the routes below.
 */
export const BODY_RULES = {
  SizeRestrictions_BODY: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body',
  CrossSiteScripting_BODY: 'awswaf:managed:aws:core-rule-set:CrossSiteScripting_Body',
  GenericRFI_BODY: 'awswaf:managed:aws:core-rule-set:GenericRFI_Body',
} as const;
/** The rules the group itself only counts (CommonRuleSetBody blocks what they match). */
export const COUNT_ONLY_RULES = Object.keys(BODY_RULES) as (keyof typeof BODY_RULES)[];

/**
 * The routes whose bodies the body rules must not refuse: a client's brief and its reviewed
 * checklist exceed the 8 KB size rule and are free text (markup-like or URL-like content is
 * legitimate there: the API validates them with zod and the SPA renders text, never HTML); Stripe's
 * webhook sends whole event objects (often over 8 KB, with URLs), checked by signature in the
 * handler. Every other path keeps the body rules blocking; every other rule blocks everywhere.
 */
export const BODY_RULE_EXEMPT_ROUTES = [
  { method: 'POST', path: '/api/projects' },
  { method: 'POST', path: '/api/checklists' },
  { method: 'POST', path: '/api/billing/webhook' },
] as const;

/** A request to exactly this method and path (CloudFront passes the viewer's path unchanged). */
function exemptRoute(route: (typeof BODY_RULE_EXEMPT_ROUTES)[number]): CfnWebACL.StatementProperty {
  return {
    andStatement: {
      statements: [
        {
          byteMatchStatement: {
            fieldToMatch: { method: {} },
            positionalConstraint: 'EXACTLY',
            searchString: route.method,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
        {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'EXACTLY',
            searchString: route.path,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      ],
    },
  };
}

/**
 * Requests one viewer may make to the costly routes together in 5 minutes. API Gateway's route
 * throttle (infra/routes.ts `throttle`) is one bucket for all callers, so without this a single
 * source could empty a costly route's bucket for everyone; the per-user quotas behind it bound what
 * each signed-in user spends. 100 is far above a person's use (a wizard run makes a few calls).
 */
export const COSTLY_ROUTES_PER_VIEWER = 100;

/** The costly routes (those with their own throttle), as WAF path patterns; `{param}` is one segment. */
export const COSTLY_ROUTE_PATTERNS = routes
  .filter((route) => route.throttle)
  .map((route) => ({ method: route.method, pattern: `^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$` }));

function costlyRoute(route: (typeof COSTLY_ROUTE_PATTERNS)[number]): CfnWebACL.StatementProperty {
  return {
    andStatement: {
      statements: [
        {
          byteMatchStatement: {
            fieldToMatch: { method: {} },
            positionalConstraint: 'EXACTLY',
            searchString: route.method,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
        {
          regexMatchStatement: {
            fieldToMatch: { uriPath: {} },
            regexString: route.pattern,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      ],
    },
  };
}

/**
 * The distribution's web ACL (WAF, CLOUDFRONT scope): IP reputation, known bad inputs, the common
 * rule set, a rate-based rule that blocks one IP for a while once it passes `rateLimit`
 * requests in 5 minutes, and a lower one for the costly routes together. CLOUDFRONT-scope ACLs exist only in us-east-1:
 * a stack elsewhere must be given one (`webAclArn`), created there.
 */
export class WebAcl extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string, props: { stage: string; rateLimit: number }) {
    super(scope, id);
    const region = Stack.of(this).region;
    if (Token.isUnresolved(region) || region !== 'us-east-1') {
      throw new ConfigError(
        `The stack creates a CloudFront web ACL (stage=${props.stage}), and CLOUDFRONT-scope web ACLs exist only in ` +
          `us-east-1, but this stack is in ${Token.isUnresolved(region) ? 'an unspecified region' : region}. ` +
          ('Deploy to us-east-1, or create the web ACL there (scope CLOUDFRONT) and pass its ARN with -c ' +
            'webAclArn=arn:aws:wafv2:us-east-1:…'),
      );
    }
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const managed = (name: string, priority: number): CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(name === 'AWSManagedRulesCommonRuleSet'
            ? { ruleActionOverrides: COUNT_ONLY_RULES.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.acl = new CfnWebACL(this, 'WebAcl', {
      name: `design-club-${props.stage}`,
      // WAF allows letters, digits, spaces and + = : # @ / - , . in a description.
      description: `Design Club ${props.stage}: CloudFront, for the site and /api`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`design-club-${props.stage}`),
      customResponseBodies: {
        TooManyRequests: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({
            error: {
              code: 'RATE_LIMITED',
              message: 'Too many requests from your network. Please wait a few minutes and try again.',
            },
          }),
        },
      },
      rules: [
        {
          name: 'RatePerIp',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          statement: {
            rateBasedStatement: { limit: props.rateLimit, aggregateKeyType: 'IP', evaluationWindowSec: 300 },
          },
          visibilityConfig: visibility('RatePerIp'),
        },
        {
          name: 'CostlyRoutesPerIp',
          priority: 1,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          statement: {
            rateBasedStatement: {
              limit: COSTLY_ROUTES_PER_VIEWER,
              aggregateKeyType: 'IP',
              evaluationWindowSec: 300,
              scopeDownStatement: { orStatement: { statements: COSTLY_ROUTE_PATTERNS.map(costlyRoute) } },
            },
          },
          visibilityConfig: visibility('CostlyRoutesPerIp'),
        },
        ...MANAGED_RULE_GROUPS.map((name, index) => managed(name, index + 2)),
        {
          // What the common rule set's body rules would have blocked, blocked here unless the request
          // is one of the exempt routes (labels survive the group's count override).
          name: 'CommonRuleSetBody',
          priority: MANAGED_RULE_GROUPS.length + 2,
          action: { block: {} },
          statement: {
            andStatement: {
              statements: [
                {
                  orStatement: {
                    statements: Object.values(BODY_RULES).map((key) => ({
                      labelMatchStatement: { scope: 'LABEL', key },
                    })),
                  },
                },
                {
                  notStatement: {
                    statement: { orStatement: { statements: BODY_RULE_EXEMPT_ROUTES.map(exemptRoute) } },
                  },
                },
              ],
            },
          },
          visibilityConfig: visibility('CommonRuleSetBody'),
        },
      ],
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}
