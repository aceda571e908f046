import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);

// Every script and style gets both copies, however small: nginx picks x.js.br blindly when the browser
// accepts brotli (deploy/nginx/web.conf), so it must exist.
const Compressible = /\.(js|css|svg|json|html)$/;

/**
 * Writes x.br and x.gz beside each script, style and image the build emits, at the highest levels
 * (done once per build, not per request), for the web server and nginx to send as they are. The gzip
 * copy comes from Zopfli: still plain gzip for any client, about 4% smaller than zlib's level 9.
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
          gzipAsync(source, {}),
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

/**
 * The service worker's script (sw.js at the root, so its scope is the whole app). A browser installs a
 * new worker only when the script's bytes change: the release line (a hash of every emitted file name,
 * which carry their content hashes) changes with each build, so an open tab learns of a new release and
 * offers to reload (web/src/app/service-worker.ts). The new worker waits until the person chooses.
 */
export const serviceWorkerScript = (): Plugin => ({
  name: 'switchboard-service-worker',
  apply: 'build',
  generateBundle(_options, bundle) {
    const release = createHash('sha256')
      .update(Object.keys(bundle).sort().join('\n'))
      .digest('hex')
      .slice(0, 16);
    this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(release) });
  },
});

export const serviceWorkerSource = (release: string) => `// Switchboard release ${release}
// Installed, it waits: the page's "reload" notice posts SKIP_WAITING when the person chooses.
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
`;

const IconImport = /import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/(\w+)['"];?/g;
const IconPrefix = 'react-icon:';

/**
 * react-icons keeps a whole icon set in one module, so the bundler puts every icon the app uses into the
 * first chunk (a module is never split between chunks). This gives each imported icon a module of its
 * own, so a page's chunk carries its own icons.
 */
export const iconPerModule = (): Plugin => {
  const sets = new Map<string, Map<string, string>>();
  const iconsOf = (set: string, file: string) => {
    let icons = sets.get(set);
    if (!icons) {
      const source = readFileSync(file, 'utf8');
      // generated as `export function LuName (props) { return GenIcon({...})(props); };`, one after another
      icons = new Map(
        source
          .split(/\n(?=export function )/)
          .filter((part) => part.startsWith('export function '))
          .map((part) => [/^export function (\w+)/.exec(part)![1], part.trim()]),
      );
      sets.set(set, icons);
    }
    return icons;
  };
  return {
    name: 'switchboard-icon-per-module',
    apply: 'build',
    transform(code, id) {
      if (id.startsWith('\0') || id.includes('node_modules') || !code.includes('react-icons/'))
        return null;
      const rewritten = code.replace(IconImport, (_all, names: string, set: string) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const icon = name.split(/\s+as\s+/)[0];
            return `import { ${name} } from '${IconPrefix}${set}/${icon}';`;
          })
          .join('\n'),
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    resolveId(source) {
      return source.startsWith(IconPrefix) ? `\0${source}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${IconPrefix}`)) return null;
      const [set, icon] = id.slice(IconPrefix.length + 1).split('/');
      const file = await this.resolve(`react-icons/${set}`);
      if (!file) throw new Error(`react-icons/${set} is not installed`);
      const code = iconsOf(set, file.id).get(icon);
      if (!code) throw new Error(`react-icons/${set} has no ${icon}`);
      return `import { GenIcon } from 'react-icons/lib';\n${code}\n`;
    },
  };
};
