import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA lives in web/ and builds to web/dist, whichever directory Vite is started from
// (`npx vite build --config web/vite.config.ts` from the repository root).
const root = fileURLToPath(new URL('.', import.meta.url));

// `vite` (dev server, hot reload) forwards the runtime's endpoints to a running embedded runtime
// (`npm start`). The Host header is kept, so /config.json points Amplify at this server's /cognito.
// Point it elsewhere with LOCAL_RUNTIME_URL.
const runtimeUrl = process.env.LOCAL_RUNTIME_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Maps for error reports, without advertising them from the served files.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // The entry is the only file called index-*.js; shared and route chunks carry their own names.
        entryFileNames: 'assets/index-[hash].js',
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/web/src/routes/')
            ? 'assets/route-[name]-[hash].js'
            : 'assets/chunk-[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/cognito', '/config.json'].map((path) => [path, { target: runtimeUrl, changeOrigin: false }]),
    ),
  },
});
