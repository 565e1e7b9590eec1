import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { loadConfig } from './lib/config.js';
import './styles/base.css';

// Start fetching the runtime configuration while React renders. The auth library is not loaded on
// start: the session comes from the stored tokens (lib/auth-session.ts), Amplify only with an auth call.
void loadConfig().catch(() => undefined);

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
