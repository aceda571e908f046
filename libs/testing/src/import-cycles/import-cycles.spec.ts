import { existsSync, mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { folderGraph, importCycles, importGraph } from './import-cycles.js';

const root = path.resolve(import.meta.dirname, '../../../..');

/** Every package's sources: the services, the gateway, the libraries and the web app. */
const sourceDirs = (): string[] =>
  [
    ...['services', 'libs'].flatMap((parent) =>
      readdirSync(path.join(root, parent)).map((name) => path.join(root, parent, name, 'src')),
    ),
    path.join(root, 'gateway', 'src'),
    path.join(root, 'web', 'src'),
  ].filter((dir) => existsSync(dir));

const write = (dir: string, files: Record<string, string>): void => {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
};

describe('import cycles', () => {
  it('finds a cycle through type-only, re-export and index imports, and a self import', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    write(dir, {
      'a.ts': "import type { B } from './b.js';\nexport type A = B;",
      'b.ts': "export { c } from './lib/index.js';\nexport type B = number;",
      'lib/index.ts': "export * from './c.js';",
      'lib/c.ts': "import { a } from '../a.js';\nexport const c = a;",
      'self.ts': "import './self.js';",
      'leaf.ts': "import { c } from './lib/c.js';\nexport const leaf = c;",
    });
    const cycles = importCycles(importGraph(dir)).map((cycle) =>
      cycle.map((file) => path.relative(dir, file)),
    );
    expect(cycles).toHaveLength(2);
    const loop = cycles.find((cycle) => cycle.length > 2)!;
    expect(new Set(loop)).toEqual(
      new Set(['a.ts', 'b.ts', path.join('lib', 'index.ts'), path.join('lib', 'c.ts')]),
    );
    expect(loop[0]).toBe(loop[loop.length - 1]);
    expect(cycles).toContainEqual(['self.ts', 'self.ts']);
  });

  it('finds none where imports go one way', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    write(dir, {
      'a.ts': "import { b } from './b.js';\nexport const a = b;",
      'b.ts': "import { c } from './c.js';\nexport const b = c;",
      'c.ts': 'export const c = 1;',
    });
    expect(importCycles(importGraph(dir))).toEqual([]);
  });

  it.each(sourceDirs().map((dir) => [path.relative(root, dir), dir]))(
    '%s has no file-level import cycle',
    (_name, dir) => {
      const cycles = importCycles(importGraph(dir)).map((cycle) =>
        cycle.map((file) => path.relative(dir, file)).join(' → '),
      );
      expect(cycles).toEqual([]);
    },
  );

  // the tickets service's folders build on its core one way (tickets/core, directories and the bot's
  // words and secrets below the rest); those lower layers sit inside the folder they belong to
  it('services/tickets/src: its folders depend on each other one way', () => {
    const dir = path.join(root, 'services', 'tickets', 'src');
    const layers = ['tickets/core', 'bot/language', 'bot/secrets'];
    const cycles = importCycles(folderGraph(dir, importGraph(dir), layers)).map((cycle) =>
      cycle.join(' → '),
    );
    expect(cycles).toEqual([]);
  });

  it('reads folder dependencies from the files in them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    write(dir, {
      'a/one.ts': "import { two } from '../b/two.js';\nexport const one = two;",
      'b/two.ts': 'export const two = 2;',
      'b/three.ts': "import { one } from '../a/one.js';\nexport const three = one;",
      'main.ts': "import { one } from './a/one.js';",
    });
    const folders = folderGraph(dir, importGraph(dir));
    expect(folders.get('a')).toEqual(['b']);
    expect(folders.get('main.ts')).toEqual(['a']);
    const cycles = importCycles(folders);
    expect(cycles).toHaveLength(1);
    expect(new Set(cycles[0])).toEqual(new Set(['a', 'b']));
  });

  it('keeps a named lower layer inside a folder as a node of its own', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    write(dir, {
      'a/one.ts': "import { four } from '../b/low/four.js';\nexport const one = four;",
      'b/low/four.ts': 'export const four = 4;',
      'b/two.ts': "import { one } from '../a/one.js';\nexport const two = one;",
    });
    expect(importCycles(folderGraph(dir, importGraph(dir)))).toHaveLength(1);
    const layered = folderGraph(dir, importGraph(dir), ['b/low']);
    expect(layered.get('a')).toEqual(['b/low']);
    expect(layered.get('b')).toEqual(['a']);
    expect(importCycles(layered)).toEqual([]);
  });
});
