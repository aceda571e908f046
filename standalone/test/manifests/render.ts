// Renders a kustomize directory with `kubectl kustomize` when a kubectl with kustomize v4+ is installed,
// else with the small JS renderer (kustomize-lite).
import { execFileSync, spawnSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';
import { kustomizeBuild, type K8sObject } from './kustomize-lite.js';

export type Renderer = { kind: 'kubectl'; version: string } | { kind: 'js'; reason: string };

/** Which renderer this machine offers, with the reason when it is not kubectl. */
export function findRenderer(): Renderer {
  const probe = spawnSync('kubectl', ['version', '--client'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (probe.error || probe.status !== 0) {
    return { kind: 'js', reason: 'no kubectl on this machine' };
  }
  const version = /Kustomize Version:\s*v?(\d+)\.(\d+)\.(\d+)/.exec(probe.stdout);
  if (!version)
    return { kind: 'js', reason: 'kubectl names no kustomize version: older than 1.21' };
  if (Number(version[1]) < 4) {
    return {
      kind: 'js',
      reason: `kubectl's kustomize v${version.slice(1).join('.')} is older than v4`,
    };
  }
  return { kind: 'kubectl', version: `v${version.slice(1).join('.')}` };
}

export function kubectlKustomize(dir: string): K8sObject[] {
  const output = execFileSync('kubectl', ['kustomize', dir], {
    encoding: 'utf8',
    timeout: 60_000,
    maxBuffer: 32 * 1024 * 1024,
  });
  return parseAllDocuments(output)
    .map((document) => document.toJS() as K8sObject | null)
    .filter((object): object is K8sObject => object !== null);
}

export function render(renderer: Renderer, dir: string): K8sObject[] {
  return renderer.kind === 'kubectl' ? kubectlKustomize(dir) : kustomizeBuild(dir);
}

export const objectKey = (object: K8sObject): string =>
  `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
