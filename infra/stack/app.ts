import { App, Tags, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DesignClubStack } from './app-stack.js';
import { readConfig } from './config.js';

export const stackName = (stage: string) => `DesignClub-${stage}`;

/**
 * The CDK app: one stack per stage, cdk-nag's AWS Solutions checks on every synth (an unacknowledged
 * error fails the synth). The region defaults to the CLI's (CDK_DEFAULT_REGION), then us-east-1, so
 * a synth never needs credentials or lookups; the account is the CLI's when it has credentials.
 */
export function createApp(props: AppProps = {}): { app: App; stack: DesignClubStack; nag: AwsSolutionsChecks } {
  const app = new App(props);
  const config = readConfig(app.node);
  const stack = new DesignClubStack(app, stackName(config.stage), {
    config,
    description: `Design Club (${config.stage}): subscription design and permit drafting, event-sourced and serverless`,
    env: {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION ?? process.env.AWS_REGION ?? 'us-east-1',
    },
    terminationProtection: config.stage === 'prod',
  });
  Tags.of(stack).add('project', 'design-club');
  Tags.of(stack).add('stage', config.stage);
  const nag = new AwsSolutionsChecks(app);
  Validations.of(app).addPlugins(nag);
  return { app, stack, nag };
}
