import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { preloadAuth } from './app/auth/auth-loader.js';
import { hasSignedInHint } from './app/auth/auth-tokens.js';
import { loadConfig } from './app/config.js';
import { isPublicPath, isSignInPath } from './app/public-paths.js';
import { inOwnTask } from './lib/tasks.js';
import './ui/base.css';

// Start fetching the runtime configuration while React renders. Who is signed in is Amplify's to
// say, so a screen that will ask starts fetching the auth library at once, alongside its own code;
// the landing page and the sign-in screens ask only when someone has signed in on this device
// (lib/auth-session.ts), and otherwise fetch it when a sign-in form gets focus. Each starts in a
// task of its own (a dynamic import inserts a preload link for every file it needs, and the first
// look at localStorage may wait on the disk): the entry's own task stays short.
inOwnTask(() => void loadConfig().catch(() => undefined));
inOwnTask(() => {
  const { pathname } = window.location;
  if (!isPublicPath(pathname) && (hasSignedInHint() || !isSignInPath(pathname))) preloadAuth();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render is a transition: React renders it in short slices, so a tap or a key press while
// the app starts is answered between them instead of waiting for the whole tree.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
