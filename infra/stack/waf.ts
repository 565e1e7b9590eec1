import { Stack, Token } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ConfigError } from './config.js';

/** AWS managed rule groups the web ACL applies, in order after the per-IP rate rule. */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

/**
 * Rules of the common rule set that only count: the wizard's POST /api/projects and
 * /api/checklists carry a brief and a reviewed checklist that can exceed the rule's 8 KB body limit.
 * The API validates every body with zod (and API Gateway caps it at 10 MB); files never pass here,
 * they go to S3 with a presigned POST.
 */
export const COUNT_ONLY_RULES = ['SizeRestrictions_BODY'] as const;

/**
 * The distribution's web ACL (WAF, CLOUDFRONT scope): IP reputation, known bad inputs, the common
 * rule set, and a rate-based rule that blocks one IP for a while once it passes `rateLimit`
 * requests in 5 minutes. CLOUDFRONT-scope ACLs exist only in us-east-1: a stack elsewhere must be
 * given one (`webAclArn`), created there.
 */
export class WebAcl extends Construct {
  readonly acl: CfnWebACL;

  constructor(scope: Construct, id: string, props: { stage: string; rateLimit: number }) {
    super(scope, id);
    const region = Stack.of(this).region;
    if (Token.isUnresolved(region) || region !== 'us-east-1') {
      throw new ConfigError(
        `The stack creates a CloudFront web ACL (stage=${props.stage}), and CLOUDFRONT-scope web ACLs exist only in us-east-1, but this stack is in ${Token.isUnresolved(region) ? 'an unspecified region' : region}. ` +
          'Deploy to us-east-1, or create the web ACL there (scope CLOUDFRONT) and pass its ARN with -c webAclArn=arn:aws:wafv2:us-east-1:…',
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
          content: JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many requests from your network. Please wait a few minutes and try again.' } }),
        },
      },
      rules: [
        {
          name: 'RatePerIp',
          priority: 0,
          action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'TooManyRequests' } } },
          statement: { rateBasedStatement: { limit: props.rateLimit, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: visibility('RatePerIp'),
        },
        ...MANAGED_RULE_GROUPS.map((name, index) => managed(name, index + 1)),
      ],
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}
