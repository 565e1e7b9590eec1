import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { MIDDLEWARE_RESOLVED_ONCE, requestHandlerOptions } from '../sdk-config.js';
import { captureAwsClient } from '../../core/observability/tracing.js';

/** Delivers a message to one open connection; 'gone' when the connection no longer exists. */
export interface ConnectionPoster {
  post(connectionId: string, message: string): Promise<'sent' | 'gone'>;
}

/** The cloud: API Gateway's management API of the WebSocket stage (REALTIME_MANAGEMENT_ENDPOINT). */
export class ApiGatewayPoster implements ConnectionPoster {
  private readonly client: ApiGatewayManagementApiClient;

  /** `endpoint`: the stage's management URL, https://{api}.execute-api.{region}.amazonaws.com/{stage}. */
  constructor(endpoint: string) {
    this.client = captureAwsClient(new ApiGatewayManagementApiClient({ endpoint, maxAttempts: 3, requestHandler: requestHandlerOptions(), ...MIDDLEWARE_RESOLVED_ONCE }));
  }

  async post(connectionId: string, message: string): Promise<'sent' | 'gone'> {
    try {
      await this.client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(message) }));
      return 'sent';
    } catch (error) {
      if (error instanceof GoneException || (error as Error).name === 'GoneException') return 'gone';
      throw error;
    }
  }
}

let configured: ConnectionPoster | undefined;

export function connectionPoster(): ConnectionPoster {
  configured ??= new ApiGatewayPoster(process.env.REALTIME_MANAGEMENT_ENDPOINT ?? '');
  return configured;
}

/** The embedded runtime posts through its own WebSocket server. */
export function setConnectionPoster(poster: ConnectionPoster | undefined): void {
  configured = poster;
}
