import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { findPrecompressed, negotiateEncoding } from './precompressed.js';

/** What the web app reads at run time from `/config.js` (one build serves every deployment). */
export type WebRuntimeConfig = {
  apiUrl: string;
  turnstileSiteKey: string;
  /** the operator's legal pages, linked from the login page when set */
  termsUrl?: string;
  privacyUrl?: string;
  /** the support chat of the connections page, when set */
  supportUrl?: string;
};

export type WebServerOptions = {
  /** The built web app (index.html + hashed assets under assets/). */
  distDir: string;
  port: number;
  host?: string;
  /**
   * Read on every /config.js request, so it may depend on ports only known after start and on the host
   * name the browser used (the API must be on the same host for the refresh cookie to be sent).
   */
  runtimeConfig: (request: { protocol: string; hostname: string }) => WebRuntimeConfig;
};

export type RunningWebServer = { url: string; port: number; close(): Promise<void> };

// Vite puts content-hashed files under assets/: they never change under the same name.
const IMMUTABLE = 'public, max-age=31536000, immutable';

const cacheControlFor = (urlPath: string) =>
  urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache';

const decodePath = (urlPath: string): string | null => {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
};

export function renderConfigScript(config: WebRuntimeConfig): string {
  // JSON.stringify alone would let a value close the script tag; escape '<' as well.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `window.__SWITCHBOARD__ = ${json};\n`;
}

/** Serves the single-page app: static files, `/config.js`, and index.html for every client route. */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const indexFile = path.join(options.distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(
      `The web app is not built (${indexFile} is missing): run \`npm run build\` first.`,
    );
  }

  const app = express();
  app.disable('x-powered-by');

  app.get('/config.js', (req, res) => {
    res
      .type('application/javascript')
      .set('Cache-Control', 'no-store')
      .send(renderConfigScript(options.runtimeConfig(req)));
  });

  // Source maps stay private (the build keeps them out of dist; this holds even if one slips in).
  app.use((req, res, next) => {
    if (req.path.endsWith('.map')) res.status(404).type('text/plain').send('Not found');
    else next();
  });

  // The build writes x.js.br and x.js.gz beside x.js: send the one the browser accepts, as x.js.
  const precompressed = findPrecompressed(options.distDir);
  app.use((req, res, next) => {
    const urlPath = decodePath(req.path);
    const available = urlPath === null ? undefined : precompressed.get(urlPath);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !urlPath || !available) {
      next();
      return;
    }
    res.vary('Accept-Encoding');
    const encoding = negotiateEncoding(req.get('accept-encoding'), available);
    if (!encoding) {
      next();
      return;
    }
    res
      .type(path.extname(urlPath))
      .set('Content-Encoding', encoding.name)
      .set('Cache-Control', cacheControlFor(urlPath));
    const file = path.join(options.distDir, urlPath + encoding.suffix);
    res.sendFile(file, { cacheControl: false }, (error) => {
      if (!error || res.headersSent) return;
      res.removeHeader('Content-Encoding');
      next();
    });
  });

  app.use(
    express.static(options.distDir, {
      index: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(options.distDir, filePath).split(path.sep).join('/');
        res.setHeader('Cache-Control', cacheControlFor(`/${relative}`));
      },
    }),
  );

  app.use((req, res) => {
    // A path whose last segment has an extension asks for a file that does not exist: 404, not the app.
    const lastSegment = req.path.split('/').pop() ?? '';
    if ((req.method === 'GET' || req.method === 'HEAD') && !lastSegment.includes('.')) {
      res.set('Cache-Control', 'no-cache').sendFile(indexFile);
      return;
    }
    res.status(404).type('text/plain').send('Not found');
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(options.port, options.host ?? '0.0.0.0', (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
