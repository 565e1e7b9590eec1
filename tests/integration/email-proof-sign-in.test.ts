import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_PASSWORD, TestStack, type TestUser } from '../support/stack.js';

/**
 * Issue 44 item 9: the session that proves its account's address gets fresh tokens through Cognito's
 * custom challenge, with the one-time answer only its proof received, while every other session of
 * the account still ends. The answer is tried as an attacker would: replayed, used for another
 * account, guessed.
 */
let stack: TestStack;

beforeAll(async () => {
  stack = await TestStack.start();
});
afterAll(async () => {
  await stack?.stop();
});

const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack.local.cognito.publicEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

/** Signs in with the password and keeps the refresh token, as a second browser would. */
async function passwordSession(email: string) {
  const { AuthenticationResult } = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.local.cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: CLIENT_PASSWORD },
    }),
  );
  return AuthenticationResult!;
}

const refresh = (refreshToken: string) =>
  cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: stack.local.cognito.clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );

/** Amplify's CUSTOM_WITHOUT_SRP sign-in: InitiateAuth CUSTOM_AUTH, then the answer to the challenge. */
async function answerSignIn(email: string, answer: string) {
  const client = cognito();
  const started = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: stack.local.cognito.clientId,
      AuthParameters: { USERNAME: email },
    }),
  );
  expect(started.ChallengeName).toBe('CUSTOM_CHALLENGE');
  const answered = await client.send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.local.cognito.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: started.Session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters?.USERNAME ?? email, ANSWER: answer },
    }),
  );
  return { session: started.Session!, result: answered.AuthenticationResult! };
}

const refusedSignIn = { name: 'NotAuthorizedException' };
const revoked = { status: 401, body: { error: { code: 'SESSION_REVOKED' } } };

describe('the session that proves its address', () => {
  it('signs in again with its one-time answer and creates the team; every other session ends', async () => {
    const proving = await stack.signUpClient();
    const other = await passwordSession(proving.email);
    const proof = await stack.recordEmailProof(proving);
    expect(proof).toMatchObject({ sessions_ended: true, sign_in_answer: expect.any(String) });

    const { result } = await answerSignIn(proving.email, proof.sign_in_answer!);
    const renewed: TestUser = { ...proving, idToken: result.IdToken!, accessToken: result.AccessToken! };
    expect(claims(renewed.idToken)).toMatchObject({ sub: proving.sub, email_verified: true });
    expect(claims(renewed.idToken).auth_time * 1000).toBeGreaterThanOrEqual(Date.parse(proof.valid_from!));
    // What the person was doing goes on, with no password asked.
    expect((await stack.api('POST', '/api/team', { user: renewed, body: { name: 'Carried On' } })).status).toBe(201);

    // Once the sessions reactor has run, the new session still holds, Cognito's refresh included.
    await stack.settle();
    expect((await stack.api('GET', '/api/me', { user: renewed })).status).toBe(200);
    const refreshed = await refresh(result.RefreshToken!);
    expect(refreshed.AuthenticationResult?.IdToken).toBeTruthy();
    await expect(cognito().send(new GetUserCommand({ AccessToken: result.AccessToken! }))).resolves.toBeTruthy();

    // Every session begun before the proof is over: the proving one's old tokens and the other browser's.
    expect(await stack.api('GET', '/api/me', { user: proving })).toMatchObject(revoked);
    expect(await stack.api('GET', '/api/me', { user: { ...proving, idToken: other.IdToken! } })).toMatchObject(revoked);
    await expect(refresh(other.RefreshToken!)).rejects.toMatchObject(refusedSignIn);
    await expect(cognito().send(new GetUserCommand({ AccessToken: other.AccessToken! }))).rejects.toMatchObject(
      refusedSignIn,
    );
  });

  it('cannot be replayed, nor serve another account, nor outlive a wrong guess', async () => {
    const holder = await stack.signUpClient();
    const stranger = await stack.signUpClient();
    const { sign_in_answer: answer } = await stack.recordEmailProof(holder);

    // The holder's answer names no other account: the stranger's sign-in with it fails.
    await expect(answerSignIn(stranger.email, answer!)).rejects.toMatchObject(refusedSignIn);
    // A sign-in session is used once.
    const started = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'CUSTOM_AUTH',
        ClientId: stack.local.cognito.clientId,
        AuthParameters: { USERNAME: holder.email },
      }),
    );
    const respond = () =>
      cognito().send(
        new RespondToAuthChallengeCommand({
          ClientId: stack.local.cognito.clientId,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: started.Session,
          ChallengeResponses: { USERNAME: holder.email, ANSWER: answer! },
        }),
      );
    expect((await respond()).AuthenticationResult?.IdToken).toBeTruthy();
    await expect(respond()).rejects.toMatchObject(refusedSignIn);
    // The answer is spent: a second sign-in with it fails.
    await expect(answerSignIn(holder.email, answer!)).rejects.toMatchObject(refusedSignIn);

    // A wrong guess spends the live answer: the right one no longer works either.
    const guessed = await stack.signUpClient();
    const { sign_in_answer: right } = await stack.recordEmailProof(guessed);
    await expect(answerSignIn(guessed.email, 'A'.repeat(43))).rejects.toMatchObject(refusedSignIn);
    await expect(answerSignIn(guessed.email, right!)).rejects.toMatchObject(refusedSignIn);
    // An account with nothing proven has no answer to give.
    await expect(answerSignIn(stranger.email, 'B'.repeat(43))).rejects.toMatchObject(refusedSignIn);
    // The password still signs in as before.
    expect((await stack.signIn(guessed.email, CLIENT_PASSWORD)).idToken).toBeTruthy();
  });

  it('gets no answer when the address was already proven', async () => {
    const user = await stack.provenClient();
    const again = await stack.api('POST', '/api/me/email-proof', { user });
    expect(again).toMatchObject({ status: 200, body: { sessions_ended: false, sign_in_answer: null } });
  });
});
