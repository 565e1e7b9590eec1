import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SETTINGS, POOL_SETTINGS } from '../../infra/local/cognito/rules.js';
import { CUSTOM_AUTH_TRIGGERS } from '../../infra/local/cognito/shim-custom-auth.js';
import { synthesized, type SynthResult, type TemplateJson } from './support/synth.js';

/**
 * The embedded Cognito imitates the deployed pool: the settings it is created with and the rules its
 * shim enforces (infra/local/cognito/rules.ts) must be the stack's. A change to either side that the
 * other does not follow fails here.
 */
let json: TemplateJson;
let result: SynthResult;

beforeAll(async () => {
  ({ json, result } = await synthesized());
});

const pool = () => json.Resources[result.userPoolLogicalId]!.Properties!;
const client = () => json.Resources[result.userPoolClientLogicalId]!.Properties!;

const MINUTES: Record<string, number> = { seconds: 1 / 60, minutes: 1, hours: 60, days: 24 * 60 };
/** A validity in minutes, whatever unit the template states it in (Cognito's default units when absent). */
const minutes = (value: number, unit: string | undefined, fallback: string) => value * MINUTES[unit ?? fallback]!;

describe('the embedded Cognito imitates the stack’s user pool', () => {
  it('signs in with e-mail, auto-verifies e-mail, recovers by verified e-mail only', () => {
    expect(pool().UsernameAttributes).toEqual(POOL_SETTINGS.usernameAttributes);
    expect(pool().AutoVerifiedAttributes).toEqual(POOL_SETTINGS.autoVerifiedAttributes);
    expect(pool().AccountRecoverySetting.RecoveryMechanisms).toEqual(POOL_SETTINGS.recoveryMechanisms);
  });

  it('keeps the original e-mail active while a change waits for its code', () => {
    expect(pool().UserAttributeUpdateSettings).toEqual({
      AttributesRequireVerificationBeforeUpdate: POOL_SETTINGS.attributesRequireVerificationBeforeUpdate,
    });
  });

  it('has the password policy the shim enforces', () => {
    expect(pool().Policies.PasswordPolicy).toMatchObject({
      MinimumLength: POOL_SETTINGS.passwordMinLength,
      TemporaryPasswordValidityDays: POOL_SETTINGS.temporaryPasswordValidityDays,
    });
  });

  it('confirms sign-ups in PreSignUp, which is why the shim sends no sign-up code', () => {
    expect(pool().LambdaConfig).toHaveProperty('PreSignUp');
  });

  it('has the custom authentication triggers the shim calls for CUSTOM_AUTH sign-ins', () => {
    for (const trigger of CUSTOM_AUTH_TRIGGERS) expect(pool().LambdaConfig).toHaveProperty(trigger);
  });
});

describe('the embedded Cognito imitates the stack’s app client', () => {
  it('hides user existence, allows the same auth flows and revokes tokens', () => {
    expect(client().PreventUserExistenceErrors).toBe(CLIENT_SETTINGS.preventUserExistenceErrors);
    expect([...client().ExplicitAuthFlows].sort()).toEqual([...CLIENT_SETTINGS.explicitAuthFlows].sort());
    expect(client().EnableTokenRevocation).toBe(CLIENT_SETTINGS.enableTokenRevocation);
  });

  it('keeps a custom-challenge sign-in waiting as long as the shim does', () => {
    expect(client().ExplicitAuthFlows).toContain('ALLOW_CUSTOM_AUTH');
    expect(client().AuthSessionValidity).toBe(CLIENT_SETTINGS.authSessionValidityMinutes);
  });

  it('lets a user write the same attributes, email_verified not among them', () => {
    expect([...client().WriteAttributes].sort()).toEqual([...CLIENT_SETTINGS.writeAttributes].sort());
    expect(client().WriteAttributes).not.toContain('email_verified');
  });

  it('issues tokens of the same lifetimes', () => {
    const units = (client().TokenValidityUnits ?? {}) as Record<string, string>;
    expect(minutes(client().AccessTokenValidity, units.AccessToken, 'hours')).toBe(
      CLIENT_SETTINGS.accessTokenValidityMinutes,
    );
    expect(minutes(client().IdTokenValidity, units.IdToken, 'hours')).toBe(CLIENT_SETTINGS.idTokenValidityMinutes);
    expect(minutes(client().RefreshTokenValidity, units.RefreshToken, 'days')).toBe(
      CLIENT_SETTINGS.refreshTokenValidityDays * 24 * 60,
    );
  });
});
