import { currentIdToken } from '../auth/auth-session.js';
import { loadConfig } from '../config.js';
import { inOwnTask } from '../../lib/tasks.js';
import { NOT_AUTHENTICATED, handleUnauthorized } from '../api.js';
import { isReauthenticating } from '../email-proof.js';
import { isSignOutExpected } from '../auth/expected-sign-out.js';
import { toast } from '../../ui/toast/use-toast.js';

/** The server ends the socket of an ended session with this code (or says so first, in the cloud): signed out. */
const SESSION_ENDED_CLOSE_CODE = 4401;
/**
 * The session ended elsewhere (a password reset, 'Sign Out All Designers', sign out everywhere): the
 * screen goes to sign-in at once, saying why, instead of leaving the person to type into a form the
 * API will refuse. Sign-in returns to the screen.
 */
const sessionEnded = () => {
  if (isReauthenticating() || isSignOutExpected()) return;
  toast({
    title: NOT_AUTHENTICATED,
    description: 'Your session has ended. Please sign in again.',
    variant: 'destructive',
  });
  void handleUnauthorized();
};

/**
 * Live updates: one WebSocket per tab, shared by every screen that listens. The server sends only
 * topic names ("project:<id>", "projects", "moderation", "activity", "users", "notifications" (the
 * caller's own bell, sent by the notifications reactor), …); the query cache (lib/query/live-invalidation.ts)
 * reads again each view whose topics changed. While the socket is down the screens poll, and
 * after a reconnect they reload once, so nothing is missed.
 */
export type LiveListener = {
  /** null: every topic (the query cache's one listener). */
  topics: Set<string> | null;
  /** `changed`: the topics a message named, or null when anything may have changed (a poll, a reconnect). */
  notify: (changed: readonly string[] | null) => void;
};

const listeners = new Set<LiveListener>();
const POLL_MS = 15_000;
const MAX_BACKOFF_MS = 30_000;
let socket: WebSocket | null = null;
let connecting = false;
let attempts = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let pollTimer: ReturnType<typeof setInterval> | undefined;

export type LiveState = 'connected' | 'polling';
let state: LiveState = 'polling';
export const liveState = () => state;

function notifyAll(changed: readonly string[] | null = null) {
  for (const listener of listeners) {
    if (!changed || !listener.topics || changed.some((topic) => listener.topics!.has(topic))) listener.notify(changed);
  }
}

function startPolling() {
  state = 'polling';
  pollTimer ??= setInterval(() => notifyAll(), POLL_MS);
}

function stopPolling() {
  clearInterval(pollTimer);
  pollTimer = undefined;
}

function scheduleReconnect() {
  if (listeners.size === 0 || retryTimer) return;
  // Exponential backoff with jitter: 1 s, 2 s, 4 s … up to 30 s.
  const delay = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** attempts) * (0.75 + Math.random() * 0.5);
  attempts += 1;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void connect();
  }, delay);
}

async function connect() {
  if (socket || connecting || listeners.size === 0) return;
  connecting = true;
  try {
    const [config, token] = await Promise.all([loadConfig(), currentIdToken()]);
    if (!config.realtimeUrl || !token) {
      startPolling();
      return;
    }
    const next = new WebSocket(`${config.realtimeUrl}?token=${encodeURIComponent(token)}`);
    socket = next;
    next.onopen = () => {
      const wasDown = attempts > 0;
      attempts = 0;
      state = 'connected';
      stopPolling();
      // Whatever changed while the socket was down: reload once.
      if (wasDown) notifyAll();
    };
    next.onmessage = (message) => {
      try {
        const data = JSON.parse(String(message.data)) as { type?: string; topics?: string[] };
        if (data.type === 'session_ended') return sessionEnded();
        if (data.type !== 'changed' || !Array.isArray(data.topics)) return;
        notifyAll(data.topics.filter((topic): topic is string => typeof topic === 'string'));
      } catch {
        // Not ours: ignore.
      }
    };
    next.onclose = (event) => {
      if (socket === next) socket = null;
      if (event.code === SESSION_ENDED_CLOSE_CODE) sessionEnded();
      startPolling();
      scheduleReconnect();
    };
  } catch {
    startPolling();
    scheduleReconnect();
  } finally {
    connecting = false;
  }
}

function disconnectIfIdle() {
  if (listeners.size > 0) return;
  stopPolling();
  clearTimeout(retryTimer);
  retryTimer = undefined;
  socket?.close();
  socket = null;
}

/** Adds a listener (opening the socket, or polling while it is down); the returned function removes it. */
export function listen(listener: LiveListener): () => void {
  listeners.add(listener);
  // Opened in a task of its own, not in the screen's first effects beside its first requests.
  inOwnTask(() => void connect());
  if (!socket) startPolling();
  return () => {
    listeners.delete(listener);
    disconnectIfIdle();
  };
}
