import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { amplifyTheme } from './build/amplify-theme.js';

// The SPA lives in web/ and builds to web/dist, whichever directory Vite is started from
// (`npx vite build --config web/vite.config.ts` from the repository root).
const root = fileURLToPath(new URL('.', import.meta.url));

// `vite` (dev server, hot reload) forwards the runtime's endpoints to a running embedded runtime
// (`npm start`). The Host header is kept, so /config.json points Amplify at this server's /cognito.
// Point it elsewhere with LOCAL_RUNTIME_URL.
const runtimeUrl = process.env.LOCAL_RUNTIME_URL ?? 'http://127.0.0.1:3000';

// The amplify-ui chunk's packages: Amplify UI (@aws-amplify/ui, ui-react, ui-react-core) and those after it.
const AMPLIFY_UI_PACKAGES = [
  String.raw`@aws-amplify[\\/]ui(-react(-core)?)?`,
  '@radix-ui',
  '@floating-ui',
  '@xstate',
  'xstate',
  'lodash',
  'qrcode',
  'react-hook-form',
];
// A file in one of those packages, whichever the path separator.
const AMPLIFY_UI_MODULES = new RegExp(String.raw`node_modules[\\/](${AMPLIFY_UI_PACKAGES.join('|')})[\\/]`);

/**
 * Most visitors arrive on the landing page, a lazily loaded route: a modulepreload lets the browser
 * fetch it alongside the entry instead of after it.
 */
function preloadLandingChunk(): Plugin {
  return {
    name: 'preload-landing-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const landing = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/web/src/app/screens/landing.tsx'),
        );
        return landing
          ? [{ tag: 'link', attrs: { rel: 'modulepreload', href: `/${landing.fileName}` }, injectTo: 'head' }]
          : [];
      },
    },
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), amplifyTheme(), preloadLandingChunk()],
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
          /\/web\/src\/(features\/[^/]+\/routes|app\/screens)\//.test(chunk.facadeModuleId ?? '')
            ? 'assets/route-[name]-[hash].js'
            : 'assets/chunk-[name]-[hash].js',
        // Amplify UI in one file: split per primitive, the first screen fetched some twenty small
        // chunks one after another's turn (six connections) before it could paint.
        codeSplitting: {
          // TanStack Query in one file too: split by what each screen uses (queries, mutations, the
          // retryer…), its pieces made the entry's list of every screen's files longer.
          groups: [
            { name: 'query', includeDependenciesRecursively: false, test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'amplify-ui',
              includeDependenciesRecursively: false,
              test: AMPLIFY_UI_MODULES,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/cognito', '/config.json'].map((path) => [path, { target: runtimeUrl, changeOrigin: false }]),
    ),
  },
});
