import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Template } from 'aws-cdk-lib/assertions';
import { createApp } from '../../infra/stack/app.js';
import { ROOT } from './support/synth.js';

/** `-c tracing=true`: the stack the Tracer hook (functions/platform/observability/tracing.ts) expects. */
let template: Template;
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
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('tracing on', () => {
  it('every function traces actively, says so to Powertools, and gets the Powertools layer of the pinned version', () => {
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
    const functions = Object.values(template.findResources('AWS::Lambda::Function')).filter(
      (fn) => fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME,
    );
    expect(functions.length).toBeGreaterThan(40);
    for (const fn of functions) {
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables.POWERTOOLS_TRACE_ENABLED).toBe('true');
      expect(fn.Properties.Layers).toEqual([{ Ref: layerParameter![0] }]);
    }
  });
});
