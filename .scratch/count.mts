import { readFileSync } from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
process.env.CDK_DEFAULT_REGION = 'us-east-1';
delete process.env.CDK_DEFAULT_ACCOUNT;
const { createApp } = await import(process.cwd() + '/infra/stack/app.ts');
const cdk = JSON.parse(readFileSync('cdk.json', 'utf8'));
const extra = process.argv[2] ? JSON.parse(process.argv[2]) : {};
const { app, stack, nag } = createApp({ outdir: '/tmp/ops-scratch/out', context: { ...cdk.context, 'aws:cdk:bundling-stacks': [], ...extra } });
let err = null;
try { app.synth(); } catch (e) { err = String(e).slice(0, 3000); }
const t = Template.fromStack(stack).toJSON();
const c: Record<string, number> = {};
for (const r of Object.values<any>(t.Resources)) c[r.Type] = (c[r.Type] || 0) + 1;
console.log(Object.keys(t.Resources).length, JSON.stringify(c, null, 0));
console.log('synthError', err);
const report = nag.validateScope(app);
for (const v of report.violations) console.log('NAG', v.ruleName, v.violatingResources.map((r: any) => r.constructPath ?? r.resourceLogicalId).join(','));
import('node:fs').then(fs => fs.writeFileSync('/tmp/ops-scratch/template.json', JSON.stringify(t, null, 1)));
