import { describe, expect, inject, it } from 'vitest';
import { copyAssembly, rehearseCli, templatesOf } from './support.js';

/**
 * A rehearsal that passes a broken assembly is worth nothing: each test breaks a copy of the shared
 * synth in one place and expects `npm run rehearse -- --assembly COPY` to exit non-zero naming the
 * resource. (The untouched assembly's exit 0 is the journey test's.) Resources are found by what
 * they are (the handler tag, the route key, the rule's target), never by today's stack layout.
 */
const ME = 'functions/features/users/http/me.ts';
const PROJECTIONS = 'functions/app/projections-consumer.ts';

type Templates = ReturnType<typeof templatesOf>;
const functionWith = (templates: Templates, handler: string) => {
  for (const template of templates) {
    for (const [id, resource] of Object.entries(template.json.Resources)) {
      if (
        resource.Type === 'AWS::Lambda::Function' &&
        resource.Properties?.Tags?.some(
          (tag: { Key: string; Value: string }) => tag.Key === 'design-club:handler' && tag.Value === handler,
        )
      ) {
        return { template, id, resource };
      }
    }
  }
  throw new Error(`no function for ${handler}`);
};
const resourcesOf = (templates: Templates, type: string) =>
  templates.flatMap((template) =>
    Object.entries(template.json.Resources)
      .filter(([, r]) => r.Type === type)
      .map(([id, resource]) => ({ template, id, resource })),
  );
const refsIn = (value: unknown): string => JSON.stringify(value);

async function expectRefused(assembly: string, resource: string) {
  const { code, output } = await rehearseCli(assembly);
  expect(code, output.slice(-3000)).not.toBe(0);
  expect(output).toMatch(/Rehearsal FAILED/);
  expect(output, output.slice(-3000)).toContain(resource);
}

describe.concurrent('npm run rehearse refuses an assembly broken in one place', () => {
  it('one IAM statement removed from one function role', async () => {
    const copy = copyAssembly(inject('assemblyDir'));
    const templates = templatesOf(copy);
    const me = functionWith(templates, ME);
    // A function in a feature stack names its role through a parameter the parent fills.
    const roleOf = (value: { Ref?: string; 'Fn::GetAtt'?: string[] }): string => {
      if (value['Fn::GetAtt']) return value['Fn::GetAtt'][0]!;
      const passed = resourcesOf(templates, 'AWS::CloudFormation::Stack')
        .map(({ resource }) => resource.Properties?.Parameters?.[value.Ref!])
        .find(Boolean);
      return roleOf(passed);
    };
    const roleId = roleOf(me.resource.Properties!.Role);
    const role = templates.map((t) => ({ t, r: t.json.Resources[roleId] })).find((entry) => entry.r)!;
    const policy = role.r!.Properties!.Policies.find((p: { PolicyDocument: { Statement: unknown[] } }) =>
      p.PolicyDocument.Statement.some((s) => refsIn(s).includes('dynamodb:BatchGetItem')),
    );
    policy.PolicyDocument.Statement = policy.PolicyDocument.Statement.filter(
      (s: unknown) => !refsIn(s).includes('dynamodb:BatchGetItem'),
    );
    role.t.save();
    await expectRefused(copy, roleId);
  });

  it("one rule's event pattern changed so its consumer no longer matches", async () => {
    const copy = copyAssembly(inject('assemblyDir'));
    const templates = templatesOf(copy);
    const projections = functionWith(templates, PROJECTIONS);
    // Rules invoke the function or one of its aliases.
    const invokers = [
      projections.id,
      ...resourcesOf(templates, 'AWS::Lambda::Alias')
        .filter(({ resource }) => refsIn(resource.Properties?.FunctionName).includes(projections.id))
        .map(({ id }) => id),
    ];
    // A rule in another stack than its function names it through that nested stack's output.
    const outputs = templates.flatMap((template) =>
      Object.entries(template.json.Outputs ?? {})
        .filter(([, output]) => invokers.some((id) => refsIn(output).includes(`"${id}"`)))
        .map(([name]) => `"Outputs.${name}"`),
    );
    const references = [...invokers.map((id) => `"${id}"`), ...outputs];
    const rule = resourcesOf(templates, 'AWS::Events::Rule').find(({ resource }) =>
      references.some((reference) => refsIn(resource.Properties?.Targets).includes(reference)),
    )!;
    rule.resource.Properties!.EventPattern = {
      ...rule.resource.Properties!.EventPattern,
      source: ['design-club.renamed'],
    };
    rule.template.save();
    await expectRefused(copy, rule.id);
  });

  it('one environment variable removed', async () => {
    const copy = copyAssembly(inject('assemblyDir'));
    const templates = templatesOf(copy);
    const me = functionWith(templates, ME);
    delete me.resource.Properties!.Environment.Variables.VIEWS_TABLE;
    me.template.save();
    await expectRefused(copy, me.id);
  });

  it('one route pointed at another function', async () => {
    const copy = copyAssembly(inject('assemblyDir'));
    const templates = templatesOf(copy);
    const routes = resourcesOf(templates, 'AWS::ApiGatewayV2::Route');
    const me = routes.find(({ resource }) => resource.Properties?.RouteKey === 'GET /api/me')!;
    const other = routes.find(
      ({ resource, template }) => template === me.template && resource.Properties?.RouteKey === 'GET /api/projects',
    )!;
    me.resource.Properties!.Target = other.resource.Properties!.Target;
    me.template.save();
    await expectRefused(copy, me.id);
  });

  it('one handler path misspelled', async () => {
    const copy = copyAssembly(inject('assemblyDir'));
    const templates = templatesOf(copy);
    const me = functionWith(templates, ME);
    me.resource.Properties!.Handler = 'index.handlr';
    me.template.save();
    await expectRefused(copy, me.id);
  });

  it("the authorizer's audience changed", async () => {
    const copy = copyAssembly(inject('assemblyDir'));
    const templates = templatesOf(copy);
    const authorizer = resourcesOf(templates, 'AWS::ApiGatewayV2::Authorizer').find(
      ({ resource }) => resource.Properties?.AuthorizerType === 'JWT',
    )!;
    authorizer.resource.Properties!.JwtConfiguration.Audience = ['another-app-client'];
    authorizer.template.save();
    await expectRefused(copy, authorizer.id);
  });
});
