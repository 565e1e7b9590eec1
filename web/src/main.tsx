import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { loadAuth } from './lib/auth-loader.js';
import { loadConfig } from './lib/config.js';
import { isPublicPath, whenIdle } from './lib/public-paths.js';
import './styles/base.css';

// Start fetching the runtime configuration and the auth library while React renders; on the public
// landing page the auth library waits until the page is painted and the browser is idle.
void loadConfig().catch(() => undefined);
if (isPublicPath(window.location.pathname)) void whenIdle().then(() => loadAuth().catch(() => undefined));
else void loadAuth().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
