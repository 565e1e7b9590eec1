/**
 * One synth of the real app per stage and test run, shared by every infra test file: `dev` (the
 * defaults of cdk.json) and `prod` (PROD_PLACEHOLDERS: every setting a prod synth requires, with
 * stand-in values, so it synthesizes without real ones). Each stage has its own lock, so two test
 * files asking for different stages synthesize them in parallel.
 *
 * vitest runs each test file in a fresh module context (and maybe another worker), so a
 * module-level cache alone would synthesize once per file. Instead the first file to get here takes
 * a lock directory, synthesizes, and writes the results (template path, cdk-nag findings,
 * acknowledgments, functions) to JSON; the other files wait for that JSON. The key is the vitest
 * process (parent pid) plus a hash of infra/ and cdk.json, so a new run (or, in watch mode, a
 * change to the stack) synthesizes afresh.
 *
 * Bundling: the template tests skip esbuild with CDK's own switch (`aws:cdk:bundling-stacks: []`,
 * what `cdk deploy --exclusively` uses for other stacks): each NodejsFunction still gets its asset,
 * only the bundle inside is not built, and the template is otherwise identical. `npm run synth`
 * (part of `npm test`) always bundles for real; `INFRA_TEST_BUNDLE=1` makes this synth bundle too.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface NagFinding {
  ruleName: string;
  severity: string;
  description: string;
  resources: string[];
}

export type Stage = 'dev' | 'prod';

/**
 * Everything a prod synth requires, valid but not real (config.ts checkProductionSettings), plus
 * the variants prod exercises: threat protection enforced and the SPA not built (the template's
 * AllowUnbuiltSite rule).
 */
export const PROD_PLACEHOLDERS = {
  stage: 'prod',
  senderEmail: 'no-reply@designclub.studio',
  alarmEmail: 'ops@designclub.studio',
  stripePriceStarter: 'price_1QStarter2026',
  stripePriceProBuilder: 'price_1QProBuilder2026',
  domainName: 'app.designclub.studio',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0b0a-0908-0706-050403020100',
  threatProtection: 'enforced',
  siteDir: 'does-not-exist/dist',
} as const;

export interface SynthResult {
  stage: Stage;
  templatePath: string;
  /** Each nested stack's template (`*.nested.template.json` in the cdk.out folder), by the nested stack's id. */
  nestedTemplatePaths: Record<string, string>;
  /** Each nested stack's AWS::CloudFormation::Stack resource in the parent, by the nested stack's id. */
  nestedStackLogicalIds: Record<string, string>;
  outdir: string;
  siteDir: string;
  bundled: boolean;
  durationMs: number;
  /** The templates cfn-guard checked (file names), as its plugin reports them. */
  guardChecked: string[];
  /** An exception from app.synth() (e.g. cdk-nag's validation failure), if any. */
  synthError: string | null;
  /** cdk-nag AwsSolutions findings left after acknowledgments (errors and warnings). */
  nag: NagFinding[];
  /** Every acknowledgment in the construct tree: path, id, reason. */
  acknowledgments: { path: string; id: string; reason: string }[];
  /** One entry per Lambda function generated from infra/routes.ts. */
  /** logicalId: the function; aliasLogicalId: its `live` alias, which routes, rules and triggers invoke. */
  /**
   * stackId: the nested stack that holds it (its feature's, infra/stack/functions/feature-stacks.ts), null in the
   * parent (triggers).
   */
  functions: {
    handler: string;
    logicalId: string;
    aliasLogicalId: string;
    stackId: string | null;
    kinds: string[];
    capabilities: string[];
  }[];
  userPoolLogicalId: string;
  userPoolClientLogicalId: string;
  distributionLogicalId: string;
  uploadsBucketLogicalId: string;
  eventsTableLogicalId: string;
  viewsTableLogicalId: string;
  busLogicalId: string;
  realtimeApiLogicalId: string;
  httpApiLogicalId: string;
  connectionsTableLogicalId: string;
  siteBuilt: boolean;
}

const BUNDLE = process.env.INFRA_TEST_BUNDLE === '1';
const WAIT_MS = 10 * 60_000;

function inputsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|json)$/.test(entry.name)) hash.update(full).update(readFileSync(full));
    }
  };
  // Only the stack's own inputs: other directories may change while a run is in progress (other
  // people's edits), which must not make each test file synthesize again.
  walk(path.join(ROOT, 'infra'));
  hash.update(readFileSync(path.join(ROOT, 'cdk.json')));
  hash.update(String(BUNDLE));
  hash.update('path-metadata');
  return hash.digest('hex').slice(0, 16);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const memo = new Map<Stage, Promise<SynthResult>>();

/** The shared synth of `stage` (synthesizing it if this is the first file of the run to ask). */
export function sharedSynth(stage: Stage = 'dev'): Promise<SynthResult> {
  let pending = memo.get(stage);
  if (!pending) memo.set(stage, (pending = obtain(stage)));
  return pending;
}

async function obtain(stage: Stage): Promise<SynthResult> {
  const base = path.join(tmpdir(), 'design-club-infra-tests');
  mkdirSync(base, { recursive: true });
  cleanOld(base);
  const dir = path.join(base, `${process.ppid}-${inputsHash()}-${stage}`);
  const resultFile = path.join(dir, 'result.json');
  const errorFile = path.join(dir, 'error.txt');
  const lock = path.join(`${dir}.lock`);
  const deadline = Date.now() + WAIT_MS;
  mkdirSync(dir, { recursive: true });
  for (;;) {
    if (existsSync(resultFile)) return JSON.parse(readFileSync(resultFile, 'utf8')) as SynthResult;
    // The synth failed in another file of this run: fail the same way without trying again.
    if (existsSync(errorFile)) throw new Error(readFileSync(errorFile, 'utf8'));
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      try {
        // Published between our check and taking the lock.
        if (existsSync(resultFile)) return JSON.parse(readFileSync(resultFile, 'utf8')) as SynthResult;
        let result: SynthResult;
        try {
          result = await synthesize(dir, stage);
        } catch (error) {
          writeFileSync(errorFile, error instanceof Error ? (error.stack ?? error.message) : String(error));
          throw error;
        }
        writeFileSync(`${resultFile}.tmp`, JSON.stringify(result));
        // Atomic publish: readers never see half a file.
        renameSync(`${resultFile}.tmp`, resultFile);
        return result;
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // Someone else is synthesizing; take over if they died.
      const pidFile = path.join(lock, 'pid');
      const owner = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : NaN;
      if (Number.isFinite(owner) && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the shared synth in ${dir}`);
      await sleep(250);
    }
  }
}

function cleanOld(base: string) {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const entry of readdirSync(base)) {
    const full = path.join(base, entry);
    try {
      if (statSync(full).mtimeMs < dayAgo) rmSync(full, { recursive: true, force: true });
    } catch {
      // Another run is cleaning too.
    }
  }
}

/** A minimal built SPA, so the test synth takes the same path as a deploy after `vite build`. */
function siteFixture(dir: string): string {
  const site = path.join(dir, 'site');
  mkdirSync(path.join(site, 'assets'), { recursive: true });
  writeFileSync(
    path.join(site, 'index.html'),
    '<!doctype html><title>Design Club</title><script type="module" src="/assets/index-abc.js"></script>',
  );
  writeFileSync(path.join(site, 'assets', 'index-abc.js'), 'console.log("design club")');
  writeFileSync(path.join(site, 'assets', 'index-abc.js.map'), '{}');
  writeFileSync(path.join(site, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return site;
}

async function synthesize(dir: string, stage: Stage): Promise<SynthResult> {
  const started = Date.now();
  // Deterministic environment: no account (as in CI), the default region.
  delete process.env.CDK_DEFAULT_ACCOUNT;
  process.env.CDK_DEFAULT_REGION = 'us-east-1';
  const { Validations } = await import('aws-cdk-lib');
  const { createApp } = await import('../../../infra/stack/app.js');
  const cdkJson = JSON.parse(readFileSync(path.join(ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  const siteDir = siteFixture(dir);
  const outdir = path.join(dir, 'cdk.out');
  const { app, stack, nag, guard } = createApp({
    outdir,
    context: {
      ...cdkJson.context,
      siteDir: path.relative(ROOT, siteDir),
      ...(stage === 'prod' ? PROD_PLACEHOLDERS : {}),
      ...(BUNDLE ? {} : { 'aws:cdk:bundling-stacks': [] }),
      // As `cdk synth` writes them (each resource's construct path): the templates measured are the deployed ones.
      'aws:cdk:enable-path-metadata': true,
    },
  });

  let synthError: string | null = null;
  try {
    app.synth();
  } catch (error) {
    synthError = error instanceof Error ? error.message : String(error);
  }
  const report = nag.validateScope(app);
  const nagFindings: NagFinding[] = report.violations.map((violation) => ({
    ruleName: violation.ruleName,
    severity: violation.severity ?? 'error',
    description: violation.description,
    resources: violation.violatingResources.map(
      (resource) => resource.constructPath ?? resource.resourceLogicalId ?? '?',
    ),
  }));

  const acknowledgments: SynthResult['acknowledgments'] = [];
  for (const construct of app.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) {
        acknowledgments.push({ path: construct.node.path, id, reason });
      }
    }
  }

  const logicalId = (construct: { node: { defaultChild?: unknown } } | unknown) => {
    const child = (construct as { node: { defaultChild?: unknown } }).node.defaultChild ?? construct;
    // In the template of its own stack (a feature's nested stack for most functions).
    const owner = Stack.of(child as never);
    return owner.resolve(owner.getLogicalId(child as never)) as string;
  };
  const functions = stack.functions.all().map((entry) => ({
    handler: entry.handler,
    logicalId: logicalId(entry.fn),
    aliasLogicalId: logicalId(entry.alias),
    stackId: Stack.of(entry.fn) === stack ? null : Stack.of(entry.fn).node.id,
    kinds: [...entry.kinds].sort(),
    capabilities: [...entry.capabilities],
  }));

  const templatePath = path.join(outdir, `${stack.artifactId}.template.json`);
  if (!existsSync(templatePath)) writeFileSync(templatePath, JSON.stringify(Template.fromStack(stack).toJSON()));
  const nestedTemplatePaths: Record<string, string> = {};
  const nestedStackLogicalIds: Record<string, string> = {};
  for (const nested of stack.node.findAll().filter((node): node is NestedStack => NestedStack.isNestedStack(node))) {
    const file = path.join(outdir, nested.templateFile);
    if (!existsSync(file)) writeFileSync(file, JSON.stringify(Template.fromStack(nested).toJSON()));
    nestedTemplatePaths[nested.node.id] = file;
    nestedStackLogicalIds[nested.node.id] = logicalId(nested.nestedStackResource!);
  }
  return {
    stage,
    templatePath,
    nestedTemplatePaths,
    nestedStackLogicalIds,
    outdir,
    siteDir,
    bundled: BUNDLE,
    durationMs: Date.now() - started,
    guardChecked: (guard?.checked ?? []).map((file: string) => path.basename(file)),
    synthError,
    nag: nagFindings,
    acknowledgments,
    functions,
    userPoolLogicalId: logicalId(stack.auth.userPool),
    userPoolClientLogicalId: logicalId(stack.auth.client),
    distributionLogicalId: logicalId(stack.site.distribution),
    uploadsBucketLogicalId: logicalId(stack.uploads.bucket),
    eventsTableLogicalId: logicalId(stack.data.eventsTable),
    viewsTableLogicalId: logicalId(stack.data.viewsTable),
    busLogicalId: logicalId(stack.events.bus),
    realtimeApiLogicalId: logicalId(stack.realtime.api),
    httpApiLogicalId: logicalId(stack.api.httpApi),
    connectionsTableLogicalId: logicalId(stack.data.connectionsTable),
    siteBuilt: stack.siteBuilt,
  };
}

const templates = new Map<string, { template: Template; json: TemplateJson; raw: TemplateJson }>();

/** The nested stacks that hold functions: one per feature, and Platform (infra/stack/functions/feature-stacks.ts). */
export const isFeatureStack = (id: string) => /^Feature[A-Z]/.test(id) || id === 'Platform';

/**
 * The parent with the feature stacks folded in: each function's resources (function, version, alias,
 * alarms, deployment group, …) appear under their own logical ids, every `{ Ref: parameter }` inside them
 * replaced by what the parent passes in, and every `Outputs.X` of a feature stack the parent reads replaced
 * by the output's value. What the tests of wiring (IAM, environment, rules, routes) read: the system as one
 * template, as it was before the functions moved into nested stacks. The Routes stack stays apart.
 */
export function foldFeatureStacks(result: SynthResult, parent: TemplateJson): TemplateJson {
  const folded = structuredClone(parent);
  const outputs = new Map<string, Record<string, unknown>>();
  const mapValues = (value: unknown, replace: (node: Record<string, unknown>) => unknown | undefined): unknown => {
    if (Array.isArray(value)) return value.map((item) => mapValues(item, replace));
    if (value && typeof value === 'object') {
      const replaced = replace(value as Record<string, unknown>);
      if (replaced !== undefined) return replaced;
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapValues(item, replace)]));
    }
    return value;
  };
  for (const [id, file] of Object.entries(result.nestedTemplatePaths)) {
    if (!isFeatureStack(id)) continue;
    const nested = JSON.parse(readFileSync(file, 'utf8')) as TemplateJson;
    const stackLogicalId = result.nestedStackLogicalIds[id]!;
    const passed = (parent.Resources[stackLogicalId]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const inParentTerms = (value: unknown) =>
      mapValues(value, (node) =>
        typeof node.Ref === 'string' && nested.Parameters?.[node.Ref] ? structuredClone(passed[node.Ref]) : undefined,
      );
    for (const [logicalId, resource] of Object.entries(nested.Resources)) {
      if (folded.Resources[logicalId]) throw new Error(`Folding ${id}: ${logicalId} exists in the parent too`);
      folded.Resources[logicalId] = inParentTerms(resource) as TemplateJson['Resources'][string];
    }
    outputs.set(
      stackLogicalId,
      Object.fromEntries(
        Object.entries(nested.Outputs ?? {}).map(([name, output]) => [name, inParentTerms(output.Value)]),
      ),
    );
  }
  const readOutput = (node: Record<string, unknown>): unknown | undefined => {
    const getAtt = node['Fn::GetAtt'];
    if (!Array.isArray(getAtt) || typeof getAtt[1] !== 'string' || !getAtt[1].startsWith('Outputs.')) return undefined;
    const value = outputs.get(getAtt[0] as string)?.[getAtt[1].slice('Outputs.'.length)];
    return value === undefined ? undefined : structuredClone(value);
  };
  for (const [logicalId, resource] of Object.entries(folded.Resources))
    folded.Resources[logicalId] = mapValues(resource, readOutput) as TemplateJson['Resources'][string];
  if (folded.Outputs) folded.Outputs = mapValues(folded.Outputs, readOutput) as TemplateJson['Outputs'];
  return folded;
}

/**
 * The shared synth of `stage` and its template, with the feature stacks folded in (foldFeatureStacks;
 * `raw` is the parent template as deployed), parsed once per test file.
 */
export async function synthesized(
  stage: Stage = 'dev',
): Promise<{ result: SynthResult; template: Template; json: TemplateJson; raw: TemplateJson }> {
  const result = await sharedSynth(stage);
  let entry = templates.get(result.templatePath);
  if (!entry) {
    const raw = JSON.parse(readFileSync(result.templatePath, 'utf8')) as TemplateJson;
    const json = foldFeatureStacks(result, raw);
    entry = { template: Template.fromJSON(json as unknown as Record<string, unknown>), json, raw };
    templates.set(result.templatePath, entry);
  }
  return { result, ...entry };
}

/** The template of one nested stack of the shared synth (e.g. `Routes`), parsed once per test file. */
export async function synthesizedNested(
  id: string,
  stage: Stage = 'dev',
): Promise<{ result: SynthResult; template: Template; json: TemplateJson }> {
  const result = await sharedSynth(stage);
  const file = result.nestedTemplatePaths[id];
  if (!file)
    throw new Error(
      `No nested stack ${id} in the synth (have: ${Object.keys(result.nestedTemplatePaths).join(', ') || 'none'})`,
    );
  let entry = templates.get(file);
  if (!entry) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as TemplateJson;
    entry = { template: Template.fromJSON(json as unknown as Record<string, unknown>), json, raw: json };
    templates.set(file, entry);
  }
  return { result, template: entry.template, json: entry.json };
}

export interface TemplateJson {
  Resources: Record<
    string,
    {
      Type: string;
      Properties?: Record<string, any>;
      DependsOn?: string[];
      DeletionPolicy?: string;
      UpdateReplacePolicy?: string;
      UpdatePolicy?: Record<string, any>;
    }
  >;
  Outputs?: Record<string, { Value: unknown }>;
  Parameters?: Record<string, unknown>;
  Rules?: Record<string, unknown>;
}

/** Resources of one type, as [logicalId, properties]. */
export function resourcesOf(json: TemplateJson, type: string): [string, Record<string, any>][] {
  return Object.entries(json.Resources)
    .filter(([, resource]) => resource.Type === type)
    .map(([id, resource]) => [id, resource.Properties ?? {}]);
}

/**
 * Every IAM policy document attached to a role: AWS::IAM::Policy and customer managed policy resources
 * (the data keys' policies name the roles they attach to) and roles' inline `Policies` (our
 * functions' roles carry their other grants inline), as [id, { PolicyDocument, Roles }].
 */
export function policiesOf(json: TemplateJson): [string, { PolicyDocument: { Statement: any[] }; Roles: unknown[] }][] {
  const attached = [...resourcesOf(json, 'AWS::IAM::Policy'), ...resourcesOf(json, 'AWS::IAM::ManagedPolicy')].map(
    ([id, p]) =>
      [id, { PolicyDocument: p.PolicyDocument, Roles: p.Roles ?? [] }] as [
        string,
        { PolicyDocument: { Statement: any[] }; Roles: unknown[] },
      ],
  );
  const inline = resourcesOf(json, 'AWS::IAM::Role').flatMap(([roleId, p]) =>
    ((p.Policies ?? []) as { PolicyName: string; PolicyDocument: { Statement: any[] } }[]).map(
      (policy) =>
        [`${roleId}/${policy.PolicyName}`, { PolicyDocument: policy.PolicyDocument, Roles: [{ Ref: roleId }] }] as [
          string,
          { PolicyDocument: { Statement: any[] }; Roles: unknown[] },
        ],
    ),
  );
  return [...attached, ...inline];
}

/** The logical id a `{ Ref }` or `{ Fn::GetAtt: [id, …] }` points at, if it is one. */
export function refOf(value: unknown): string | undefined {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.Ref === 'string') return v.Ref;
    if (Array.isArray(v['Fn::GetAtt'])) return v['Fn::GetAtt'][0] as string;
  }
  return undefined;
}

/** Every logical id referenced anywhere inside `value`. */
export function refsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, into);
  else if (value && typeof value === 'object') {
    const ref = refOf(value);
    if (ref) into.add(ref);
    for (const item of Object.values(value)) refsIn(item, into);
  }
  return into;
}

/**
 * What a `{ Ref: parameter }` inside a nested stack names in the parent: the logical id of the value
 * the parent passes in (the parent's AWS::CloudFormation::Stack resource `nestedStackLogicalId`).
 */
export function parentTarget(
  parent: TemplateJson,
  nestedStackLogicalId: string,
  nested: TemplateJson,
  value: unknown,
): string | undefined {
  const parameter = refOf(value);
  if (!parameter || !nested.Parameters?.[parameter]) return undefined;
  const passed = parent.Resources[nestedStackLogicalId]?.Properties?.Parameters as Record<string, unknown> | undefined;
  return refOf(passed?.[parameter]);
}
