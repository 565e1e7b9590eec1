import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { preloadAuth } from './lib/auth-loader.js';
import { hasSignedInHint } from './lib/auth-tokens.js';
import { loadConfig } from './lib/config.js';
import { isPublicPath } from './lib/public-paths.js';
import './styles/base.css';

// Start fetching the runtime configuration while React renders. Who is signed in is Amplify's to
// say: when someone has signed in on this device, every screen but the landing page starts fetching
// the auth library at once, alongside its own code. Otherwise nobody needs it until a sign-in form
// gets focus (lib/auth-session.ts).
void loadConfig().catch(() => undefined);
if (hasSignedInHint() && !isPublicPath(window.location.pathname)) preloadAuth();

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
