import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** `import … from './x.js'`, `export … from '../y.js'`, `import('./z.js')` and bare `import './w.js'`. */
const RelativeImport = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });

/** The file a relative specifier names (`./a.js` is `./a.ts` in the sources, `./dir` its index). */
const resolve = (from: string, specifier: string): string | null => {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
};

/** Each file's relative imports (type-only ones too: they tie the files together all the same). */
export const importGraph = (dir: string): Map<string, string[]> => {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(RelativeImport)]
      .map((match) => resolve(file, match[1]!))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
};

/**
 * The import cycles of a graph, each as the files around it (first file again at the end), one per
 * strongly connected group of files (Tarjan), so one tangle is reported once.
 */
export const importCycles = (graph: Map<string, string[]>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    const selfImport = graph.get(node)?.includes(node) ?? false;
    if (group.length > 1 || selfImport) groups.push(group);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.map((group) => cycleThrough(graph, new Set(group), group[group.length - 1]!));
};

/** One concrete loop inside a tangle, from `start` back to it (breadth first: the shortest). */
const cycleThrough = (
  graph: Map<string, string[]>,
  group: Set<string>,
  start: string,
): string[] => {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
};

/**
 * The same graph one level up: each top-level folder of `dir` (a file directly in it stands for
 * itself) with the folders its files import from. A folder named in `layers` (`tickets/core`) is a
 * node of its own: the lower layer a top-level folder keeps inside it.
 */
export const folderGraph = (
  dir: string,
  graph: Map<string, string[]>,
  layers: string[] = [],
): Map<string, string[]> => {
  const folderOf = (file: string) => {
    const relative = path.relative(dir, file).split(path.sep).join('/');
    return layers.find((layer) => relative.startsWith(`${layer}/`)) ?? relative.split('/')[0]!;
  };
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const set = folders.get(from) ?? new Set<string>();
    for (const target of targets) if (folderOf(target) !== from) set.add(folderOf(target));
    folders.set(from, set);
  }
  return new Map([...folders].map(([folder, set]) => [folder, [...set]]));
};
