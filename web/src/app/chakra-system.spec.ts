import { createSystem, defaultConfig, defaultSystem } from '@chakra-ui/react';
import { system } from './chakra-system.js';
import { themeConfig } from './theme.js';

// Sources as text, through Vite (the web app's code has no Node API): the app's modules and Chakra's.
const appSources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.spec.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const chakraRoot = '../../../node_modules/@chakra-ui/react/dist/esm/';
const chakraSources = import.meta.glob<string>(
  [
    '../../../node_modules/@chakra-ui/react/dist/esm/index.js',
    '../../../node_modules/@chakra-ui/react/dist/esm/components/**/*.js',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Resolves `./x.js` from Chakra's module `from` (paths relative to dist/esm). */
const resolve = (from: string, relative: string) => {
  const parts = from.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
};
const chakraSource = (file: string) => chakraSources[chakraRoot + file];

/** Every name the app imports from '@chakra-ui/react'. */
const importedNames = () => {
  const names = new Set<string>();
  for (const text of Object.values(appSources)) {
    for (const [, list] of text.matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g,
    ))
      for (const entry of list.split(',')) {
        const name = entry
          .replace(/\btype\b/, '')
          .split(' as ')[0]
          .trim();
        if (name) names.add(name);
      }
  }
  return names;
};

/** The module of each export of Chakra's entry (`export {…} from` and `export { ns as Name }`). */
const exportFiles = () => {
  const index = chakraSource('index.js');
  const files = new Map<string, string>();
  for (const [, list, from] of index.matchAll(/export \{([^}]*)\} from '([^']+)'/g))
    for (const entry of list.split(',')) files.set(entry.split(' as ').pop()!.trim(), from);
  const namespaces = new Map(
    [...index.matchAll(/import \* as (\S+) from '([^']+)'/g)].map(([, name, from]) => [name, from]),
  );
  for (const [, namespace, name] of index.matchAll(/export \{ (\S+) as (\w+) \}/g))
    if (namespaces.has(namespace)) files.set(name, namespaces.get(namespace)!);
  return new Map([...files].map(([name, from]) => [name, resolve('index.js', from)]));
};

/** The recipe keys a component's modules ask for, following its imports among Chakra's components. */
const recipeKeys = (entries: string[]) => {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    const text = chakraSource(file);
    if (seen.has(file) || text === undefined) return;
    seen.add(file);
    for (const [, key] of text.matchAll(/key: "(\w+)"/g)) keys.add(key);
    for (const [, from] of text.matchAll(/from '(\.[^']+)'/g)) visit(resolve(file, from));
  };
  entries.forEach(visit);
  return keys;
};

describe('the Chakra system', () => {
  it('has the recipe of every Chakra component the app imports', () => {
    const files = exportFiles();
    const used = [...importedNames()].flatMap((name) => files.get(name) ?? []);
    expect(used.length).toBeGreaterThan(20);
    // keys Chakra's default theme has no recipe for (Text, Box…) need none here either
    const needed = [...recipeKeys(used)].filter(
      (key) => defaultSystem.isRecipe(key) || defaultSystem.isSlotRecipe(key),
    );
    expect(needed).toContain('button');
    expect(needed).toContain('dialog');
    const missing = needed.filter(
      (key) => !(defaultSystem.isRecipe(key) ? system.isRecipe(key) : system.isSlotRecipe(key)),
    );
    expect(missing).toEqual([]);
  });

  it('has every token, condition and global style of the full default system', () => {
    const full = createSystem(defaultConfig, themeConfig);
    const values = (of: typeof system) =>
      Object.fromEntries(of.tokens.allTokens.map((token) => [token.name, token.value]));
    expect(values(system)).toEqual(values(full));
    expect(system.token('colors.brand.solid')).toBe(full.token('colors.brand.solid'));
    expect(system._config.conditions).toEqual(full._config.conditions);
    expect(system._config.globalCss).toEqual(full._config.globalCss);
  });

  it("gives a solid button without a colour of its own the brand's palette", () => {
    expect(system.getRecipe('button').variants?.variant?.solid).toMatchObject({
      colorPalette: 'brand',
    });
  });
});
