import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { guarded, isNamed, type CheckResult } from '../outcome.js';
import type { CheckContext } from '../preflight.js';

const CHECK = 'CDK bootstrap';

/** The bootstrap stack's version (its SSM parameter) against what the synthesized stack requires. */
export function checkBootstrap({ needs, clients, region, account }: CheckContext): Promise<CheckResult[]> {
  const { version: required, parameter } = needs.bootstrap;
  const fix = [`npx cdk bootstrap aws://${account}/${region}`];
  return guarded(CHECK, `ssm:GetParameter on ${parameter}`, async () => {
    let value: string | undefined;
    try {
      value = (await clients.ssm.send(new GetParameterCommand({ Name: parameter }))).Parameter?.Value;
    } catch (error) {
      if (!isNamed(error, 'ParameterNotFound')) throw error;
      return {
        check: CHECK,
        outcome: 'missing',
        detail:
          `${region} of account ${account} is not bootstrapped (no ${parameter}); the stack needs bootstrap ` +
          `version ${required} or later.`,
        fix,
      };
    }
    const found = Number(value);
    if (!Number.isFinite(found))
      return { check: CHECK, outcome: 'missing', detail: `${parameter} holds "${value}", not a version number.`, fix };
    if (found < required) {
      return {
        check: CHECK,
        outcome: 'missing',
        detail: `version ${found} in ${region}; the stack needs ${required} or later.`,
        fix: [...fix, '(bootstrapping again upgrades the CDKToolkit stack in place)'],
      };
    }
    return {
      check: CHECK,
      outcome: 'ok',
      detail: `version ${found} in ${region} (the stack needs ${required} or later).`,
    };
  });
}
