import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Every script and style gets both copies, however small: nginx picks x.js.br blindly when the browser
// accepts brotli (deploy/nginx/web.conf), so it must exist.
const Compressible = /\.(js|css|svg|json|html)$/;

/**
 * Writes x.br and x.gz beside each script, style and image the build emits, at the highest levels
 * (done once per build, not per request), for the web server and nginx to send as they are.
 */
export const precompressAssets = (): Plugin => ({
  name: 'switchboard-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? 'dist';
    const files = Object.keys(bundle).filter((file) => Compressible.test(file));
    await Promise.all(
      files.map(async (file) => {
        const source = readFileSync(path.join(outDir, file));
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        writeFileSync(path.join(outDir, `${file}.br`), br);
        writeFileSync(path.join(outDir, `${file}.gz`), gz);
      }),
    );
  },
});

/**
 * Source maps (built `hidden`: no sourceMappingURL comment) move out of the served folder to `mapsDir`,
 * kept for reading error reports but never published.
 */
export const privateSourceMaps = (mapsDir: string): Plugin => ({
  name: 'switchboard-private-sourcemaps',
  apply: 'build',
  writeBundle(options) {
    const outDir = options.dir ?? 'dist';
    rmSync(mapsDir, { recursive: true, force: true });
    const maps = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.map'),
    );
    for (const file of maps) {
      const target = path.join(mapsDir, file);
      mkdirSync(path.dirname(target), { recursive: true });
      renameSync(path.join(outDir, file), target);
    }
  },
});
