import { App, Aws, CfnResource, Lazy, NestedStack, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { bodyAsSub } from '../../infra/stack/dashboard.js';

/** What CloudFormation computes for Fn::Sub: each `${name}` replaced, `${!` kept as a literal `${`. */
const substitute = (text: string, values: Record<string, string>) =>
  text.replace(/\$\{(!?)([^}]*)\}/g, (_whole, bang: string, name: string) => (bang ? `\${${name}}` : values[name]!));

describe('the dashboard body as Fn::Sub', () => {
  it("names each reference once, keeps another stack's as that stack's output, and means the same string", () => {
    const app = new App();
    const parent = new Stack(app, 'Parent');
    const child = new NestedStack(parent, 'Child');
    const queue = new CfnResource(child, 'Queue', { type: 'AWS::SQS::Queue' });
    const topic = new CfnResource(parent, 'Topic', { type: 'AWS::SNS::Topic' });
    const body = parent.toJsonString({
      a: queue.getAtt('QueueName').toString(),
      b: topic.ref,
      c: queue.getAtt('QueueName').toString(),
      // A pseudo parameter is an intrinsic, not a resource's reference: a variable too.
      region: Aws.REGION,
      label: "${LAST} of ${PROP('x')}",
    });
    new CfnResource(parent, 'Holder', {
      type: 'AWS::CloudWatch::Dashboard',
      properties: { DashboardBody: Lazy.any({ produce: () => bodyAsSub(parent, body) }) },
    });
    const template = app.synth().getStackByName(parent.stackName).template as {
      Resources: Record<string, { Properties?: { DashboardBody?: { 'Fn::Sub': [string, Record<string, unknown>] } } }>;
    };
    const [text, variables] = template.Resources.Holder!.Properties!.DashboardBody!['Fn::Sub'];
    expect(Object.keys(variables)).toHaveLength(3);
    const values = Object.values(variables).map((value) => JSON.stringify(value));
    // The nested queue's name reaches the parent as the nested stack's output, as any reference would.
    expect(values.some((value) => value.includes('Fn::GetAtt') && value.includes('Outputs.'))).toBe(true);
    expect(values).toContain(JSON.stringify({ Ref: 'Topic' }));
    expect(values).toContain(JSON.stringify({ Ref: 'AWS::Region' }));
    const names = Object.fromEntries(Object.keys(variables).map((name, index) => [name, `value${index}`]));
    const parsed = JSON.parse(substitute(text, names));
    expect(parsed.a).toBe(parsed.c);
    expect(parsed.a).not.toBe(parsed.b);
    expect(parsed.label).toBe("${LAST} of ${PROP('x')}");
  });
});
