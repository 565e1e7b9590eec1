import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ROLES } from '../../shared/vocabulary.js';
import { triggers } from '../../infra/routes.js';
import { refOf, resourcesOf, synthesized, type SynthResult, type TemplateJson } from './support/synth.js';

let json: TemplateJson;
let result: SynthResult;

beforeAll(async () => {
  ({ json, result } = await synthesized());
});

const pool = () => json.Resources[result.userPoolLogicalId]!.Properties!;

describe('Cognito user pool', () => {
  it('has the three role groups the API reads from cognito:groups', () => {
    const groups = resourcesOf(json, 'AWS::Cognito::UserPoolGroup');
    expect(groups.map(([, props]) => props.GroupName).sort()).toEqual(['admin', 'client', 'designer']);
    expect([...SYSTEM_ROLES].sort()).toEqual(['admin', 'client', 'designer']);
    for (const [, props] of groups) expect(props.UserPoolId).toEqual({ Ref: result.userPoolLogicalId });
  });

  it('signs in with e-mail, 12-character passwords, recovery by e-mail, deletion protection', () => {
    const props = pool();
    expect(props.UsernameAttributes).toEqual(['email']);
    expect(props.AutoVerifiedAttributes).toEqual(['email']);
    expect(props.Policies.PasswordPolicy.MinimumLength).toBe(12);
    expect(props.AccountRecoverySetting.RecoveryMechanisms).toEqual([{ Name: 'verified_email', Priority: 1 }]);
    // On once the first create has succeeded: the stack's DeletionProtection parameter (first-create.test.ts).
    expect(props.DeletionProtection).toEqual({ 'Fn::If': ['DeletionProtectionOn', 'ACTIVE', 'INACTIVE'] });
    expect(json.Resources[result.userPoolLogicalId] as { DeletionPolicy?: string }).toMatchObject({
      DeletionPolicy: 'RetainExceptOnCreate',
    });
  });

  it('has the product attributes: name, custom:company, custom:phone, custom:user_type (mutable strings)', () => {
    const schema = pool().Schema as { Name: string; AttributeDataType: string; Mutable: boolean }[];
    for (const name of ['company', 'phone', 'user_type']) {
      expect(schema).toContainEqual(
        expect.objectContaining({ Name: name, AttributeDataType: 'String', Mutable: true }),
      );
    }
    expect(schema).toContainEqual(expect.objectContaining({ Name: 'name', Mutable: true }));
  });

  it.each(triggers.map((trigger) => [trigger.trigger, trigger] as const))(
    'wires the %s trigger to its handler',
    (_, trigger) => {
      const fn = result.functions.find((entry) => entry.handler === trigger.handler)!;
      const config = pool().LambdaConfig as Record<string, unknown>;
      expect(refOf(config[trigger.trigger])).toBe(fn.aliasLogicalId);
      const permissions = resourcesOf(json, 'AWS::Lambda::Permission').filter(
        ([, props]) =>
          refOf(props.FunctionName) === fn.aliasLogicalId && props.Principal === 'cognito-idp.amazonaws.com',
      );
      expect(permissions).toHaveLength(1);
      // Cognito waits 5 seconds for a trigger.
      expect(json.Resources[fn.logicalId]!.Properties!.Timeout).toBeLessThanOrEqual(5);
    },
  );

  it('has one SPA client: USER_PASSWORD_AUTH, refresh and the custom challenge, no secret, revocable tokens', () => {
    const clients = resourcesOf(json, 'AWS::Cognito::UserPoolClient');
    expect(clients).toHaveLength(1);
    const [id, props] = clients[0]!;
    expect(id).toBe(result.userPoolClientLogicalId);
    expect(props.ExplicitAuthFlows.sort()).toEqual([
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
    ]);
    expect(props.GenerateSecret).toBe(false);
    expect(props.EnableTokenRevocation).toBe(true);
    expect(props.PreventUserExistenceErrors).toBe('ENABLED');
  });
});
