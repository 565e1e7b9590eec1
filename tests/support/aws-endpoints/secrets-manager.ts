import { awsJsonAnswer } from './aws-json.js';
import type { Answer } from './server.js';

/**
 * AWS Secrets Manager (awsJson1_1, target prefix `secretsmanager.`). Shapes from the API reference:
 * GetSecretValue's response, and errors as `{ "__type", "Message" }` with status 400 (500 for
 * InternalServiceError).
 */
export const GET_SECRET_VALUE = 'secretsmanager.GetSecretValue';

export const secretValue = (arn: string, secretString: string): Answer =>
  awsJsonAnswer('1.1', {
    ARN: arn,
    Name: arn
      .split(':')
      .at(-1)!
      .replace(/-[A-Za-z0-9]{6}$/, ''),
    VersionId: 'a1b2c3d4-5678-90ab-cdef-EXAMPLE11111',
    SecretString: secretString,
    VersionStages: ['AWSCURRENT'],
    CreatedDate: 1_795_000_000.123,
  });

export const secretsError = (type: string, message: string, status = 400): Answer =>
  awsJsonAnswer('1.1', { __type: type, Message: message }, status);

export const SECRETS_REFUSALS = {
  notFound: secretsError('ResourceNotFoundException', "Secrets Manager can't find the specified secret."),
  accessDenied: secretsError(
    'AccessDeniedException',
    'User is not authorized to perform: secretsmanager:GetSecretValue',
  ),
  decryptionFailure: secretsError(
    'DecryptionFailure',
    "Secrets Manager can't decrypt the protected secret text using the provided KMS key.",
  ),
  throttled: secretsError('ThrottlingException', 'Rate exceeded'),
  internal: secretsError('InternalServiceError', 'An error occurred on the server side.', 500),
} as const;
