import { App, Tags, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DesignClubStack } from './app-stack.js';
import { readConfig } from './config.js';
import { CfnGuardOnAllTemplates } from './guard.js';

export const stackName = (stage: string) => `DesignClub-${stage}`;

/**
 * The CDK app: one stack per stage, cdk-nag's AWS Solutions checks and cfn-guard's rules on every
 * synth (an unacknowledged error fails the synth). The region defaults to the CLI's (CDK_DEFAULT_REGION), then
 * us-east-1, so a synth never needs credentials or lookups; the account is the CLI's when it has credentials.
 */
export function createApp(props: AppProps = {}): {
  app: App;
  stack: DesignClubStack;
  nag: AwsSolutionsChecks;
  guard: CfnGuardOnAllTemplates;
} {
  // cfn-guard's Control Tower proactive controls on every template (parent and nested), as a policy
  // validation plugin: a violation fails the synth; suppressions are acknowledgments with reasons (guard.ts).
  const guard = new CfnGuardOnAllTemplates();
  const app = new App(props);
  const region = process.env.CDK_DEFAULT_REGION ?? process.env.AWS_REGION ?? 'us-east-1';
  const config = readConfig(app.node, region);
  const stack = new DesignClubStack(app, stackName(config.stage), {
    config,
    description: `Design Club (${config.stage}): subscription design and permit drafting, event-sourced and serverless`,
    env: {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region,
    },
    terminationProtection: config.stage === 'prod',
  });
  Tags.of(stack).add('project', 'design-club');
  Tags.of(stack).add('stage', config.stage);
  const nag = new AwsSolutionsChecks(app);
  Validations.of(app).addPlugins(nag, guard);
  return { app, stack, nag, guard };
}
