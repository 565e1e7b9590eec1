import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A cloud assembly (the `cdk.out` of a synth) read as CloudFormation and the asset publisher would:
 * every stack artifact of the manifest, its template, and each nested stack reached through an
 * `AWS::CloudFormation::Stack` resource whose TemplateURL names an asset of the asset manifest.
 * Nothing here knows this product's stack layout.
 */
export interface TemplateResource {
  Type: string;
  Properties?: Record<string, any>;
  Metadata?: Record<string, any>;
  DependsOn?: string | string[];
  Condition?: string;
}

export interface Template {
  Parameters?: Record<string, { Type: string; Default?: unknown }>;
  Conditions?: Record<string, unknown>;
  Resources: Record<string, TemplateResource>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
}

export interface StackNode {
  /** A readable path: the artifact id, then each nested stack's logical id (`DesignClub-dev/Routes…`). */
  path: string;
  stackName: string;
  template: Template;
  templateFile: string;
  parent?: StackNode;
  /** The parent's AWS::CloudFormation::Stack resource that creates this stack. */
  logicalIdInParent?: string;
  children: Map<string, StackNode>;
}

export interface Assembly {
  dir: string;
  stacks: StackNode[];
  /** Every stack, nested ones included, parents first. */
  all: StackNode[];
  /** The folder (or file) of an asset by its hash. */
  assetPath(hash: string): string | undefined;
}

interface Manifest {
  artifacts?: Record<string, { type: string; properties?: Record<string, any>; displayName?: string }>;
}

export function readAssembly(dir: string): Assembly {
  const manifestFile = join(dir, 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${dir} is not a cloud assembly (no manifest.json)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const assets = new Map<string, string>();
  for (const artifact of Object.values(manifest.artifacts ?? {})) {
    if (artifact.type !== 'cdk:asset-manifest') continue;
    const file = join(dir, artifact.properties!.file as string);
    const assetManifest = JSON.parse(readFileSync(file, 'utf8')) as {
      files?: Record<string, { source: { path: string } }>;
    };
    for (const [hash, entry] of Object.entries(assetManifest.files ?? {}))
      assets.set(hash, join(dir, entry.source.path));
  }
  const assetPath = (hash: string) => assets.get(hash);
  const stacks: StackNode[] = [];
  const all: StackNode[] = [];
  for (const [id, artifact] of Object.entries(manifest.artifacts ?? {})) {
    if (artifact.type !== 'aws:cloudformation:stack') continue;
    const templateFile = join(dir, artifact.properties!.templateFile as string);
    const stackName = (artifact.properties!.stackName as string | undefined) ?? id;
    const node: StackNode = {
      path: id,
      stackName,
      template: readTemplate(templateFile),
      templateFile,
      children: new Map(),
    };
    stacks.push(node);
    collect(node);
  }
  function collect(node: StackNode) {
    all.push(node);
    for (const [logicalId, resource] of Object.entries(node.template.Resources)) {
      if (resource.Type !== 'AWS::CloudFormation::Stack') continue;
      const hash = assetHashIn(resource.Properties?.TemplateURL);
      const file =
        (hash && assetPath(hash)) ??
        (resource.Metadata?.['aws:asset:path'] ? join(dir, resource.Metadata['aws:asset:path']) : undefined);
      if (!file || !existsSync(file))
        throw new Error(`${node.path}/${logicalId}: its TemplateURL names no asset of the assembly`);
      const child: StackNode = {
        path: `${node.path}/${logicalId}`,
        stackName: `${node.stackName}-${logicalId}`,
        template: readTemplate(file),
        templateFile: file,
        parent: node,
        logicalIdInParent: logicalId,
        children: new Map(),
      };
      node.children.set(logicalId, child);
      collect(child);
    }
  }
  return { dir, stacks, all, assetPath };
}

function readTemplate(file: string): Template {
  const template = JSON.parse(readFileSync(file, 'utf8')) as Template;
  template.Resources ??= {};
  return template;
}

/** The 64-hex asset hash inside a TemplateURL or an S3Key (a string, or the parts of a Fn::Join / Fn::Sub). */
export function assetHashIn(value: unknown): string | undefined {
  const text = JSON.stringify(value ?? '');
  return /([a-f0-9]{64})\.(?:json|zip)/.exec(text)?.[1];
}
