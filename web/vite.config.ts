import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const contracts = fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url));

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
  plugins: [react(), runtimeConfig()],
  resolve: { alias: { '@sb/contracts': contracts } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.spec.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Screen tests render Chakra and wait for async queries; on a busy 2-core runner 5 s is too tight.
    testTimeout: 20_000,
  },
});
