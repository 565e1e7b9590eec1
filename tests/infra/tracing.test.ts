import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createApp } from '../../infra/stack/app.js';
import { ROOT } from './support/synth.js';

/** `-c tracing=true`: the stack the Tracer hook (functions/platform/observability/tracing.ts) expects. */
let template: Template;
/** The feature stacks hold the functions: each with the parameters the parent passes it. */
let nested: { template: Template; passed: Record<string, unknown> }[];
let outdir: string;

beforeAll(() => {
  delete process.env.CDK_DEFAULT_ACCOUNT;
  process.env.CDK_DEFAULT_REGION = 'us-east-1';
  outdir = mkdtempSync(path.join(tmpdir(), 'tracing-synth-'));
  const cdkJson = JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const { app, stack } = createApp({
    outdir,
    context: { ...cdkJson.context, tracing: 'true', 'aws:cdk:bundling-stacks': [] },
  });
  app.synth();
  template = Template.fromStack(stack);
  const parentResources = template.toJSON().Resources as Record<string, { Properties?: { Parameters?: object } }>;
  nested = stack.node
    .findAll()
    .filter((construct): construct is NestedStack => construct instanceof NestedStack)
    .filter((child) => Stack.of(child.nestedStackResource!) === stack)
    .map((child) => ({
      template: Template.fromStack(child),
      passed: (parentResources[stack.getLogicalId(child.nestedStackResource!)]?.Properties?.Parameters ?? {}) as Record<
        string,
        unknown
      >,
    }));
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('tracing on', () => {
  it(
    'every function traces actively, says so to Powertools, ' + 'and gets the Powertools layer of the pinned version',
    () => {
      const { version } = JSON.parse(
        readFileSync(path.join(ROOT, 'node_modules/@aws-lambda-powertools/tracer/package.json'), 'utf8'),
      ) as { version: string };
      const parameters = Object.entries(
        template.toJSON().Parameters as Record<string, { Type: string; Default?: string }>,
      );
      const layerParameter = parameters.find(
        ([, parameter]) => parameter.Default === `/aws/service/powertools/typescript/generic/all/${version}`,
      );
      expect(layerParameter?.[1].Type).toBe('AWS::SSM::Parameter::Value<String>');
      // A function in the parent names the layer's parameter; one in a feature stack names its own
      // parameter, which the parent fills from the layer's.
      const functions = [
        { template, passed: { [layerParameter![0]]: { Ref: layerParameter![0] } } as Record<string, unknown> },
        ...nested,
      ].flatMap(({ template: owner, passed }) =>
        Object.values(owner.findResources('AWS::Lambda::Function'))
          .filter((fn) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME)
          .map((fn) => ({ fn, passed })),
      );
      expect(functions.length).toBeGreaterThan(40);
      for (const { fn, passed } of functions) {
        expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
        expect(fn.Properties.Environment.Variables.POWERTOOLS_TRACE_ENABLED).toBe('true');
        expect(fn.Properties.Layers).toHaveLength(1);
        expect(passed[fn.Properties.Layers[0].Ref]).toEqual({ Ref: layerParameter![0] });
      }
    },
  );
});
