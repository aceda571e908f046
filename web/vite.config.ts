import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import {
  iconPerModule,
  precompressAssets,
  privateSourceMaps,
  serviceWorkerScript,
} from './build-plugins.js';
import { localeChunkName } from './src/app/locale-areas.js';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));
const sourceMapsDir = fileURLToPath(new URL('./sourcemaps', import.meta.url));

/**
 * Libraries every page needs, in chunks of their own that stay cached across releases of the app.
 * Only libraries the login page loads anyway: a group pulls all its matching modules into one chunk.
 */
const vendorGroups = [
  {
    name: 'react',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
  },
  {
    name: 'state',
    test: /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|redux|immer|reselect|react-redux)[\\/]/,
  },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
];

/** Each language's areas in two chunks (locale-areas.ts), fetched when that language is used. */
const localeChunk = (id: string) => {
  const [, language, area] =
    /[\\/]src[\\/]locales[\\/]([^/\\]+)[\\/]([^/\\]+)\.json$/.exec(id) ?? [];
  return language && area ? localeChunkName(language, area) : null;
};

/**
 * Serves /config.js in dev the way the standalone server does in production, so index.html loads the
 * same runtime configuration everywhere (API url and the optional Turnstile site key).
 */
const serveRuntimeConfig = (server: { middlewares: Connect.Server }) => {
  server.middlewares.use('/config.js', (_req, res) => {
    const config = {
      ...(process.env.SB_API_URL ? { apiUrl: process.env.SB_API_URL } : {}),
      ...(process.env.TURNSTILE_SITE_KEY
        ? { turnstileSiteKey: process.env.TURNSTILE_SITE_KEY }
        : {}),
    };
    res.setHeader('Content-Type', 'application/javascript');
    res.end(`window.__SWITCHBOARD__ = ${JSON.stringify(config)};\n`);
  });
};

const runtimeConfig = (): Plugin => ({
  name: 'switchboard-runtime-config',
  configureServer: serveRuntimeConfig,
  configurePreviewServer: serveRuntimeConfig,
});

export default defineConfig({
  plugins: [
    iconPerModule(),
    react(),
    runtimeConfig(),
    serviceWorkerScript(),
    privateSourceMaps(sourceMapsDir),
    precompressAssets(),
  ],
  resolve: { alias: { '@sb/contracts': contracts } },
  build: {
    outDir: 'dist',
    // maps for error reports only: no sourceMappingURL, moved out of dist by privateSourceMaps
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 300,
    // A lazy chunk lists its dependencies for preloading (`__vite__mapDeps`): with ~60 small chunks on
    // /tickets those lists alone weighed ~5 kB gzip of its 300 kB budget. The page's own chunks are still
    // preloaded from index.html; a lazy chunk's imports load as the browser reads it.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      // zod schemas are declared at module level in @sb/contracts: one the web never parses with is dropped
      // (ref() and unowned() only tag a schema). Chakra's theme module builds its default config (every
      // recipe) with defineConfig() at load time: marked pure, the ~45 recipes the app does not use
      // (chakra-system.ts) are dropped with it.
      treeshake: {
        manualPureFunctions: [
          'z',
          'ref',
          'unowned',
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
        ],
      },
      output: {
        codeSplitting: {
          groups: [{ name: localeChunk, debugName: 'locales' }, ...vendorGroups],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Worker threads start faster than forked processes. A worker runs file after file in one jsdom
    // window, keeping node_modules loaded (Chakra, React): building a fresh worker, window and import
    // per file was about half of the suite's CPU. setup.ts re-evaluates our own modules per file.
    pool: 'threads',
    isolate: false,
    // i18next holds the language in module state: evaluated with our modules, per file
    server: { deps: { inline: ['i18next', 'react-i18next'] } },
    // Screen tests render Chakra and wait for async queries; on a busy 2-core runner 5 s is too tight.
    testTimeout: 20_000,
  },
});
