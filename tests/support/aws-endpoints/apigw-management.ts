import { restJsonError } from './rest-json.js';
import type { Answer } from './server.js';

/**
 * The API Gateway management API of a WebSocket stage (restJson: `POST /{stage}/@connections/{id}`,
 * the message as the raw body). Shapes from the ApiGatewayManagementApi reference: a closed
 * connection is 410 GoneException.
 */
export const connectionPath = (stage: string, connectionId: string) =>
  `/${stage}/@connections/${encodeURIComponent(connectionId)}`;

export const posted: Answer = { status: 200 };

export const APIGW_ERROR_STATUS = {
  GoneException: 410,
  ForbiddenException: 403,
  PayloadTooLargeException: 413,
  LimitExceededException: 429,
} as const;

export const apiGatewayError = (type: keyof typeof APIGW_ERROR_STATUS, message: string): Answer =>
  restJsonError(
    APIGW_ERROR_STATUS[type],
    type,
    message,
    'http://internal.amazon.com/coral/com.amazonaws.gatewayconnectionmanagementservice/',
  );

export const APIGW_REFUSALS = {
  gone: apiGatewayError('GoneException', 'Gone'),
  forbidden: apiGatewayError('ForbiddenException', 'Forbidden'),
  tooLarge: apiGatewayError('PayloadTooLargeException', 'Message too long'),
  throttled: apiGatewayError('LimitExceededException', 'Rate exceeded'),
} as const;
