import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminCreateUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  AdminAddUserToGroupCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  GetUserCommand,
  ListUsersCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ListUsersInGroupCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut, signIn as amplifySignIn } from 'aws-amplify/auth';
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { createRequire } from 'node:module';
import { createRemoteJWKSet, decodeJwt, importJWK, jwtVerify, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CognitoMessage,
  type EmbeddedCognito,
  createLambdaInvokeHandler,
  ensureUser,
  startCognito,
} from '../../infra/local/cognito/index.js';
import { newSigningKey, type SigningKey } from '../../infra/local/cognito/signing-key.js';

const PASSWORD = 'correct horse battery';
const SHORT = 'short-pass1'; // 11 characters

describe('embedded Cognito (cognito-local behind the shim)', () => {
  let dataDir: string;
  let lambdaServer: http.Server;
  let cognito: EmbeddedCognito;
  let client: CognitoIdentityProviderClient;
  const invocations: { triggerSource: string; event: any }[] = [];
  const messages: CognitoMessage[] = [];
  const signedOut: string[] = [];

  // One secret and key pair for the whole file, as a data folder keeps them across restarts.
  let signingKey: SigningKey;
  const adminSecret = 'test-admin-secret';
  const start = (port?: number) =>
    startCognito({
      dataDir,
      port,
      adminSecret,
      signingKey,
      lambdaEndpoint: `http://127.0.0.1:${(lambdaServer.address() as AddressInfo).port}`,
      // Functions named after their triggers make cognito-local's UserLambdaValidationException read like Cognito's.
      triggers: { PreSignUp: 'PreSignUp', PostConfirmation: 'PostConfirmation', CustomMessage: 'CustomMessage' },
      onGlobalSignOut: async (sub) => void signedOut.push(sub),
      onMessage: (message) => void messages.push(message),
    });

  const newClient = () =>
    new CognitoIdentityProviderClient({
      endpoint: cognito.endpoint,
      region: cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });

  const signIn = async (email: string, password = PASSWORD) =>
    (
      await client.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: cognito.clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      )
    ).AuthenticationResult!;

  const verify = (token: string, audience?: string) =>
    jwtVerify(token, createRemoteJWKSet(new URL(cognito.jwksUri)), { issuer: cognito.issuer, audience });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cognito-local-'));
    signingKey = await newSigningKey();
    const invoke = createLambdaInvokeHandler({
      PreSignUp: async (event: PreSignUpTriggerEvent) => {
        invocations.push({ triggerSource: event.triggerSource, event });
        if (event.request.userAttributes.email?.startsWith('blocked@')) throw new Error('Sign-ups are closed');
        if (event.request.userAttributes.email?.endsWith('@auto.test')) {
          event.response.autoConfirmUser = true;
          event.response.autoVerifyEmail = true;
        }
        return event;
      },
      PostConfirmation: async (event: PostConfirmationTriggerEvent) => {
        invocations.push({ triggerSource: event.triggerSource, event });
        return event;
      },
      CustomMessage: async (event: CustomMessageTriggerEvent) => {
        invocations.push({ triggerSource: event.triggerSource, event });
        event.response.emailSubject = 'Your Design Club code';
        event.response.emailMessage = `Use ${event.request.codeParameter} to continue.`;
        return event;
      },
    });
    lambdaServer = http.createServer((req, res) => {
      invoke(req, res).then((handled) => {
        if (!handled) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => lambdaServer.listen(0, '127.0.0.1', resolve));
    cognito = await start();
    client = newClient();
  }, 60_000);

  afterAll(async () => {
    client?.destroy();
    await cognito?.stop();
    await new Promise((resolve) => lambdaServer?.close(resolve));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the pool (e-mail user names, 12-character policy), the app client and the groups', async () => {
    expect(cognito.userPoolId).toMatch(/^local_/);
    expect(cognito.region).toBe('local');
    expect(cognito.issuer).toBe(`${cognito.publicEndpoint}/${cognito.userPoolId}`);
    expect(cognito.endpoint).toBe(`${cognito.publicEndpoint}/admin/${adminSecret}`);

    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: cognito.userPoolId }));
    expect(UserPool?.UsernameAttributes).toEqual(['email']);
    expect(UserPool?.Policies?.PasswordPolicy?.MinimumLength).toBe(12);

    const { UserPoolClient } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: cognito.userPoolId, ClientId: cognito.clientId }),
    );
    expect(UserPoolClient?.ClientSecret).toBeUndefined();
    expect(UserPoolClient?.ExplicitAuthFlows).toEqual([
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_CUSTOM_AUTH',
    ]);
    expect(UserPoolClient?.PreventUserExistenceErrors).toBe('ENABLED');
    expect(UserPoolClient?.WriteAttributes).not.toContain('email_verified');

    const { Groups = [] } = await client.send(new ListGroupsCommand({ UserPoolId: cognito.userPoolId }));
    expect(Groups.map((g) => g.GroupName).sort()).toEqual(['admin', 'client', 'designer']);
  });

  it('refuses a password shorter than the policy, with Cognito’s error', async () => {
    await expect(
      client.send(new SignUpCommand({ ClientId: cognito.clientId, Username: 'shorty@example.test', Password: SHORT })),
    ).rejects.toMatchObject({
      name: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    await expect(ensureUser(cognito, { email: 'shorty@example.test', password: SHORT })).rejects.toMatchObject({
      name: 'InvalidPasswordException',
    });
  });

  it(
    'runs PreSignUp (auto-confirm) and PostConfirmation ' + 'through the Lambda invoke handler, then signs in',
    async () => {
      const email = 'ann@auto.test';
      const signUp = await client.send(
        new SignUpCommand({
          ClientId: cognito.clientId,
          Username: email,
          Password: PASSWORD,
          UserAttributes: [{ Name: 'name', Value: 'Ann Client' }],
        }),
      );
      expect(signUp.UserConfirmed).toBe(true);

      const preSignUp = invocations.find((i) => i.triggerSource === 'PreSignUp_SignUp');
      expect(preSignUp?.event.request.userAttributes).toMatchObject({ email, name: 'Ann Client' });
      const postConfirmation = invocations.find((i) => i.triggerSource === 'PostConfirmation_ConfirmSignUp');
      expect(postConfirmation?.event.request.userAttributes).toMatchObject({
        sub: signUp.UserSub,
        email,
        email_verified: 'true',
        'cognito:user_status': 'CONFIRMED',
      });
      expect(postConfirmation?.event.userName).toBe(signUp.UserSub);

      const tokens = await signIn(email);
      expect(decodeJwt(tokens.IdToken!)).toMatchObject({ sub: signUp.UserSub, email, token_use: 'id' });
      expect(tokens.ExpiresIn).toBe(3600);
      expect(tokens.TokenType).toBe('Bearer');
    },
  );

  it('fails SignUp with UserLambdaValidationException when PreSignUp throws', async () => {
    await expect(
      client.send(
        new SignUpCommand({ ClientId: cognito.clientId, Username: 'blocked@example.test', Password: PASSWORD }),
      ),
    ).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'PreSignUp failed with error Sign-ups are closed.',
    });
  });

  it('the invoke handler answers only Lambda invocations of known functions', async () => {
    const base = `http://127.0.0.1:${(lambdaServer.address() as AddressInfo).port}`;
    const unknown = await fetch(`${base}/2015-03-31/functions/Nope/invocations`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
    expect((await fetch(`${base}/elsewhere`, { method: 'POST' })).status).toBe(404); // left to the server
  });

  it('answers a wrong password like Cognito does', async () => {
    await expect(signIn('ann@auto.test', 'not the password at all')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(signIn('nobody@example.test')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('seeds users idempotently; their ID token verifies against the JWKS and carries the groups', async () => {
    const seeded = {
      email: 'dee@example.test',
      password: PASSWORD,
      groups: ['designer'],
      attributes: { name: 'Dee Signer' },
    };
    const before = invocations.length;
    const sub = await ensureUser(cognito, seeded);
    expect(await ensureUser(cognito, seeded)).toBe(sub);
    expect(invocations.length).toBe(before); // no trigger fires for Admin* seeding

    const tokens = await signIn(seeded.email);
    const { payload: id, protectedHeader } = await verify(tokens.IdToken!, cognito.clientId);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: signingKey.kid });
    expect(id).toMatchObject({
      sub,
      aud: cognito.clientId,
      iss: cognito.issuer,
      token_use: 'id',
      email: seeded.email,
      'cognito:username': sub,
      'cognito:groups': ['designer'],
    });
    expect(id.iat).toEqual(expect.any(Number));
    expect(id.auth_time).toEqual(expect.any(Number));
    expect(id.name).toBeUndefined(); // cognito-local puts only e-mail and custom:* attributes in the ID token

    const { payload: access } = await verify(tokens.AccessToken!);
    expect(access).toMatchObject({
      sub,
      token_use: 'access',
      client_id: cognito.clientId,
      'cognito:groups': ['designer'],
    });
  });

  it('keeps every group membership when users are seeded concurrently', async () => {
    const emails = ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}@crowd.test`);
    await Promise.all(emails.map((email) => ensureUser(cognito, { email, password: PASSWORD, groups: ['client'] })));
    const { Users = [] } = await client.send(
      new ListUsersInGroupCommand({ UserPoolId: cognito.userPoolId, GroupName: 'client' }),
    );
    const members = Users.map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value);
    expect(members).toEqual(expect.arrayContaining(emails));
  });

  it('serves an OpenID discovery document naming the issuer and the JWKS', async () => {
    const response = await fetch(`${cognito.issuer}/.well-known/openid-configuration`);
    expect(await response.json()).toMatchObject({ issuer: cognito.issuer, jwks_uri: cognito.jwksUri });
  });

  it('refreshes with GetTokensFromRefreshToken (what Amplify v6 sends)', async () => {
    const tokens = await signIn('dee@example.test');
    const { AuthenticationResult: refreshed } = await client.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: tokens.RefreshToken! }),
    );
    expect(refreshed).toMatchObject({ RefreshToken: tokens.RefreshToken, TokenType: 'Bearer', ExpiresIn: 3600 });
    expect(refreshed?.AccessToken).not.toBe(tokens.AccessToken);
    const { payload } = await verify(refreshed!.IdToken!, cognito.clientId);
    expect(payload['cognito:groups']).toEqual(['designer']);
  });

  it('GlobalSignOut calls onGlobalSignOut with the sub and revokes the refresh tokens', async () => {
    const tokens = await signIn('ann@auto.test');
    const sub = decodeJwt(tokens.AccessToken!).sub!;
    await client.send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken }));
    expect(signedOut).toEqual([sub]);
    await expect(
      client.send(
        new GetTokensFromRefreshTokenCommand({ ClientId: cognito.clientId, RefreshToken: tokens.RefreshToken! }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(client.send(new GlobalSignOutCommand({ AccessToken: 'not.a.token' }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });

    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: 'ann@auto.test' }));
    expect(signedOut).toEqual([sub, sub]);
  });

  it(
    'a global sign-out revokes the access tokens issued ' + 'before it, as Cognito does; a later sign-in works',
    async () => {
      const before = await signIn('ann@auto.test');
      await expect(client.send(new GetUserCommand({ AccessToken: before.AccessToken }))).resolves.toMatchObject({
        Username: expect.any(String),
      });
      await client.send(
        new AdminUserGlobalSignOutCommand({ UserPoolId: cognito.userPoolId, Username: 'ann@auto.test' }),
      );
      await expect(client.send(new GetUserCommand({ AccessToken: before.AccessToken }))).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'Access Token has been revoked',
      });
      // At once: token times are whole seconds, and no token is issued in the sign-out's own second.
      const after = await signIn('ann@auto.test');
      await expect(client.send(new GetUserCommand({ AccessToken: after.AccessToken }))).resolves.toMatchObject({
        Username: expect.any(String),
      });
    },
  );

  it('ForgotPassword: CustomMessage gets the {####} placeholder; the delivered message has the code', async () => {
    const email = 'dee@example.test';
    await client.send(new ForgotPasswordCommand({ ClientId: cognito.clientId, Username: email }));

    const custom = invocations.find((i) => i.triggerSource === 'CustomMessage_ForgotPassword');
    expect(custom?.event.request).toMatchObject({ codeParameter: '{####}', usernameParameter: '{username}' });
    const message = messages.at(-1)!;
    expect(message).toMatchObject({ medium: 'EMAIL', destination: email, subject: 'Your Design Club code' });
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.message).toBe(`Use ${message.code} to continue.`);

    const confirm = (Password: string) =>
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: cognito.clientId,
          Username: email,
          ConfirmationCode: message.code,
          Password,
        }),
      );
    await expect(confirm(SHORT)).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await confirm(`${PASSWORD} 2`);
    expect(invocations.some((i) => i.triggerSource === 'PostConfirmation_ConfirmForgotPassword')).toBe(true);
    await signIn(email, `${PASSWORD} 2`);
    await ensureUser(cognito, { email, password: PASSWORD }); // back to the seeded password
  });

  it('answers CORS preflights and adds CORS headers to passed-through answers', async () => {
    const preflight = await fetch(cognito.endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-target');

    const jwks = await fetch(cognito.jwksUri, { headers: { origin: 'http://localhost:5173' } });
    expect(jwks.headers.get('access-control-allow-origin')).toBe('*');
    expect((await jwks.json()).keys).toEqual([expect.objectContaining({ kid: signingKey.kid, alg: 'RS256' })]);
  });

  it('NEW_PASSWORD_REQUIRED: policy on the new password; the session it opens can refresh', async () => {
    const create = (TemporaryPassword: string) =>
      client.send(
        new AdminCreateUserCommand({
          UserPoolId: cognito.userPoolId,
          Username: 'newbie@example.test',
          MessageAction: 'SUPPRESS',
          TemporaryPassword,
        }),
      );
    await expect(create('temporary')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await create('temporary password');
    const challenge = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cognito.clientId,
        AuthParameters: { USERNAME: 'newbie@example.test', PASSWORD: 'temporary password' },
      }),
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    const respond = (NEW_PASSWORD: string) =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: cognito.clientId,
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: challenge.Session,
          ChallengeResponses: { USERNAME: 'newbie@example.test', NEW_PASSWORD },
        }),
      );
    await expect(respond('too short')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    const { AuthenticationResult } = await respond(PASSWORD);
    const refreshed = await client.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: cognito.clientId,
        RefreshToken: AuthenticationResult!.RefreshToken!,
      }),
    );
    expect(refreshed.AuthenticationResult?.IdToken).toBeDefined();
  });

  it(
    'serves the SPA’s client: Amplify v6 signs in ' + '(USER_PASSWORD_AUTH), refreshes and signs out globally',
    async () => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: cognito.userPoolId,
            userPoolClientId: cognito.clientId,
            userPoolEndpoint: cognito.publicEndpoint,
            loginWith: { email: true },
          },
        },
      });
      const { isSignedIn } = await amplifySignIn({
        username: 'dee@example.test',
        password: PASSWORD,
        options: { authFlowType: 'USER_PASSWORD_AUTH' },
      });
      expect(isSignedIn).toBe(true);
      const first = await fetchAuthSession();
      const refreshed = await fetchAuthSession({ forceRefresh: true }); // GetTokensFromRefreshToken
      expect(refreshed.tokens?.accessToken.toString()).not.toBe(first.tokens?.accessToken.toString());
      expect(refreshed.tokens?.idToken?.payload['cognito:groups']).toEqual(['designer']);

      await signOut({ global: true });
      expect(signedOut.at(-1)).toBe(refreshed.userSub);
    },
  );

  it('reuses the pool and client after a restart on the same directory; users and tokens keep working', async () => {
    const { userPoolId, clientId, endpoint, issuer } = cognito;
    const tokens = await signIn('dee@example.test');
    client.destroy();
    await cognito.stop();

    cognito = await start(Number(new URL(endpoint).port));
    client = newClient();
    expect(cognito).toMatchObject({ userPoolId, clientId, endpoint, issuer });
    const { Groups = [] } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
    expect(Groups).toHaveLength(3);

    await verify(tokens.IdToken!, clientId);
    const { AuthenticationResult } = await client.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: clientId, RefreshToken: tokens.RefreshToken! }),
    );
    expect(AuthenticationResult?.AccessToken).toBeDefined();
    await signIn('dee@example.test');
  });

  it(
    'serves only the user API outside the admin path: admin actions are refused the way Cognito refuses unsigned ' +
      'calls',
    async () => {
      const outsider = new CognitoIdentityProviderClient({
        endpoint: cognito.publicEndpoint,
        region: cognito.region,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      for (const command of [
        new ListUsersCommand({ UserPoolId: cognito.userPoolId }),
        new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'dee@example.test' }),
        new AdminSetUserPasswordCommand({
          UserPoolId: cognito.userPoolId,
          Username: 'dee@example.test',
          Password: 'taken over by you',
          Permanent: true,
        }),
        new AdminAddUserToGroupCommand({
          UserPoolId: cognito.userPoolId,
          Username: 'dee@example.test',
          GroupName: 'admin',
        }),
      ]) {
        await expect(outsider.send(command as never)).rejects.toMatchObject({
          name: 'MissingAuthenticationTokenException',
          $metadata: { httpStatusCode: 403 },
        });
      }
      // A wrong secret is no better than none.
      const guesser = new CognitoIdentityProviderClient({
        endpoint: `${cognito.publicEndpoint}/admin/guess`,
        region: cognito.region,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      });
      await expect(guesser.send(new ListUsersCommand({ UserPoolId: cognito.userPoolId }))).rejects.toMatchObject({
        name: 'MissingAuthenticationTokenException',
      });
      // The user API still answers there, and the operator's endpoint still serves everything.
      await expect(
        outsider.send(
          new InitiateAuthCommand({
            AuthFlow: 'USER_PASSWORD_AUTH',
            ClientId: cognito.clientId,
            AuthParameters: { USERNAME: 'dee@example.test', PASSWORD },
          }),
        ),
      ).resolves.toMatchObject({ AuthenticationResult: { IdToken: expect.any(String) } });
      await expect(
        client.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: 'dee@example.test' })),
      ).resolves.toMatchObject({ Username: expect.any(String) });
      outsider.destroy();
      guesser.destroy();
    },
  );

  it('refuses a token signed with cognito-local’s shipped private key, at the JWKS and at the user API', async () => {
    const tokens = await signIn('dee@example.test');
    const claims = decodeJwt(tokens.AccessToken!);
    const shipped = createRequire(createRequire(import.meta.url).resolve('cognito-local'))(
      './keys/cognitoLocal.private.json',
    ) as { jwk: JWK };
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .sign(await importJWK(shipped.jwk, 'RS256'));
    await expect(verify(forged)).rejects.toThrow();
    const outsider = new CognitoIdentityProviderClient({
      endpoint: cognito.publicEndpoint,
      region: cognito.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await expect(outsider.send(new GetUserCommand({ AccessToken: forged }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(outsider.send(new GetUserCommand({ AccessToken: tokens.AccessToken! }))).resolves.toMatchObject({
      Username: claims.sub,
    });
    outsider.destroy();
  });
});
