import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { synthesized, type SynthResult } from './support/synth.js';

let result: SynthResult;

beforeAll(async () => {
  ({ result } = await synthesized());
});

describe('cdk-nag (AwsSolutions) on the whole app', () => {
  it('synthesizes without validation failures', () => {
    expect(result.synthError).toBeNull();
  });

  it('leaves no unacknowledged finding, error or warning', () => {
    const readable = result.nag.map(
      (finding) => `${finding.severity} ${finding.ruleName} at ${finding.resources.join(', ')}: ${finding.description}`,
    );
    expect(readable).toEqual([]);
  });

  it('writes a validation report whose only finding is the dev default sender’s warning', () => {
    const file = path.join(result.outdir, 'validation-report.json');
    if (!existsSync(file)) return; // written only when a plugin reports something
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      pluginReports: { violations?: { ruleName: string; severity: string }[] }[];
    };
    // cdk.json's sender is the example placeholder: the synth says mail cannot work (app-stack.ts).
    expect(
      report.pluginReports.flatMap((plugin) => plugin.violations ?? []).map((v) => `${v.severity} ${v.ruleName}`),
    ).toEqual(['warning Annotation::PlaceholderSender']);
  });

  it(
    'checks the nested stacks too: the app has the nested stacks Routes and one per feature, and a finding inside a ' +
      'nested stack fails',
    async () => {
      expect(Object.keys(result.nestedTemplatePaths)).toEqual(
        expect.arrayContaining(['Routes', 'FeatureProjects', 'Platform']),
      );
      expect(result.acknowledgments.some((ack) => ack.path.includes('/Deploys/ServiceRole'))).toBe(true);
      // Public routes are acknowledged where they now live, route by route.
      const publicRoutes = result.acknowledgments.filter(
        (ack) => ack.id.endsWith('AwsSolutions-APIG4') && !ack.path.includes('/Realtime/'),
      );
      expect(publicRoutes.map((ack) => ack.path.split('/').slice(1).join('/'))).toContain('Api/Routes/GET-api-health');
      expect(publicRoutes.every((ack) => ack.path.includes('/Api/Routes/'))).toBe(true);
      // The same wiring as infra/stack/app.ts, on a nested stack with an unacknowledged finding.
      const { App, NestedStack, Stack, Validations } = await import('aws-cdk-lib');
      const { ManagedPolicy, Role, ServicePrincipal } = await import('aws-cdk-lib/aws-iam');
      const { AwsSolutionsChecks } = await import('cdk-nag');
      const app = new App();
      const nested = new NestedStack(new Stack(app, 'Parent'), 'Nested');
      new Role(nested, 'Role', {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('ReadOnlyAccess')],
      });
      const nag = new AwsSolutionsChecks(app);
      Validations.of(app).addPlugins(nag);
      const findings = nag
        .validateScope(app)
        .violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} ${r.constructPath ?? ''}`));
      expect(
        findings.some((finding) => finding.includes('AwsSolutions-IAM4') && finding.includes('Parent/Nested/Role')),
      ).toBe(true);
    },
  );

  it('acknowledges every finding by its full id and with a reason', () => {
    const nag = result.acknowledgments.filter((ack) => /AwsSolutions-/.test(ack.id));
    expect(nag.length).toBeGreaterThan(0);
    for (const ack of nag) {
      expect(ack.id).toMatch(/^(Annotation::)?AwsSolutions-[A-Z0-9]+(\[.+\])?$/);
      expect(ack.reason.length, `${ack.path} ${ack.id}`).toBeGreaterThanOrEqual(40);
    }
  });
});
