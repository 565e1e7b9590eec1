import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { MIDDLEWARE_RESOLVED_ONCE, requestHandlerOptions } from '../aws/sdk-config.js';
import { captureAwsClient } from '../observability/tracing.js';
import { countCallsOf } from '../observability/call-count.js';

/** Delivers a message to one open connection; 'gone' when the connection no longer exists. */
export interface ConnectionPoster {
  post(connectionId: string, message: string): Promise<'sent' | 'gone'>;
  /**
   * Ends a connection whose session ended: the browser hears the close code SESSION_ENDED_CLOSE_CODE
   * (the embedded server) or the message SESSION_ENDED_MESSAGE first (API Gateway closes with its
   * own code), and signs out.
   */
  close(connectionId: string): Promise<void>;
}

/** The WebSocket close code (private range) the SPA treats as "signed out": the session ended. */
export const SESSION_ENDED_CLOSE_CODE = 4401;
export const SESSION_ENDED_MESSAGE = '{"type":"session_ended"}';

/** The cloud: API Gateway's management API of the WebSocket stage (REALTIME_MANAGEMENT_ENDPOINT). */
export class ApiGatewayPoster implements ConnectionPoster {
  private readonly client: ApiGatewayManagementApiClient;

  /** `endpoint`: the stage's management URL, https://{api}.execute-api.{region}.amazonaws.com/{stage}. */
  constructor(endpoint: string) {
    this.client = countCallsOf(
      captureAwsClient(
        new ApiGatewayManagementApiClient({
          endpoint,
          maxAttempts: 3,
          requestHandler: requestHandlerOptions(),
          ...MIDDLEWARE_RESOLVED_ONCE,
        }),
      ),
    );
  }

  async post(connectionId: string, message: string): Promise<'sent' | 'gone'> {
    try {
      await this.client.send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(message) }),
      );
      return 'sent';
    } catch (error) {
      if (error instanceof GoneException || (error as Error).name === 'GoneException') return 'gone';
      throw error;
    }
  }

  async close(connectionId: string): Promise<void> {
    if ((await this.post(connectionId, SESSION_ENDED_MESSAGE)) === 'gone') return;
    try {
      await this.client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    } catch (error) {
      if (!(error instanceof GoneException || (error as Error).name === 'GoneException')) throw error;
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
