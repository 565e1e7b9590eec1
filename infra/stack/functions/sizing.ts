import { Duration } from 'aws-cdk-lib';
import type { Capability } from '../capabilities.js';
import type { FunctionKind, Sizing } from './definitions.js';

/** Memory and timeout of a function by the kind of work it does (a row may override them). */
export function defaultSizing(kind: FunctionKind, capabilities: readonly Capability[]): Sizing {
  switch (kind) {
    case 'api':
      // HTTP API waits at most 30 s for an integration; a model call needs most of that.
      return { memorySize: 1024, timeout: Duration.seconds(capabilities.includes('bedrock') ? 29 : 15) };
    case 'trigger':
      // Cognito gives a trigger 5 seconds.
      return { memorySize: 1024, timeout: Duration.seconds(5) };
    case 'consumer':
      return { memorySize: 512, timeout: Duration.seconds(capabilities.includes('bedrock') ? 120 : 60) };
    case 'schedule':
      return { memorySize: 512, timeout: Duration.seconds(55) };
    case 'realtime':
      // $connect fetches Cognito's signing keys on a cold start.
      return { memorySize: 512, timeout: Duration.seconds(10) };
  }
}
