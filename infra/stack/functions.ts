/**
 * The functions generated from infra/routes.ts, by concern: definitions (kinds, resources, the
 * `live` alias), sizing, the capability grants (IAM and environment) and the shared inline role.
 */
export * from './functions/definitions.js';
export { HandlerFunctions, LAMBDA_RUNTIME } from './functions/handler-functions.js';
export {
  IDEMPOTENCY_KEY_PREFIX,
  NOTIFICATION_KEY_PREFIXES,
  QUOTA_KEY_PREFIX,
  SIGN_IN_ANSWER_KEY_PREFIX,
} from './functions/grants.js';
