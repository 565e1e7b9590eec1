/**
 * Runtime configuration. The SPA is built once and learns where it runs from `/config.json`,
 * which the embedded runtime serves and the cloud deployment writes beside the SPA.
 */
export interface RuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Overrides the Cognito endpoint (the embedded runtime's Cognito); absent in the cloud. */
  userPoolEndpoint?: string;
  /** Base of the HTTP API, e.g. "/api". */
  apiUrl: string;
  /** The live-updates WebSocket (ws:// or wss://); absent: screens poll instead. */
  realtimeUrl?: string;
  stage: string;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const REQUIRED = ['region', 'userPoolId', 'userPoolClientId', 'apiUrl', 'stage'] as const;

export function parseConfig(raw: unknown): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null) throw new ConfigError('config.json is not an object');
  const value = raw as Record<string, unknown>;
  for (const key of REQUIRED) {
    if (typeof value[key] !== 'string' || value[key] === '') {
      throw new ConfigError(`config.json is missing "${key}"`);
    }
  }
  const endpoint = value.userPoolEndpoint;
  if (endpoint !== undefined && endpoint !== null && typeof endpoint !== 'string') {
    throw new ConfigError('config.json has an invalid "userPoolEndpoint"');
  }
  return {
    region: value.region as string,
    userPoolId: value.userPoolId as string,
    userPoolClientId: value.userPoolClientId as string,
    userPoolEndpoint: endpoint ? endpoint : undefined,
    apiUrl: (value.apiUrl as string).replace(/\/+$/, ''),
    realtimeUrl:
      typeof value.realtimeUrl === 'string' && /^wss?:\/\//.test(value.realtimeUrl) ? value.realtimeUrl : undefined,
    stage: value.stage as string,
  };
}

let pending: Promise<RuntimeConfig> | undefined;

/** Fetches `/config.json` once per page load; a failed attempt is retried on the next call. */
export function loadConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new ConfigError(`config.json answered ${response.status}`);
      return parseConfig(await response.json());
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}
