import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { loadAuth } from './lib/auth-loader.js';
import { loadConfig } from './lib/config.js';
import './styles/base.css';

// Start fetching the runtime configuration and the auth library while React renders.
void loadConfig().catch(() => undefined);
void loadAuth().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
