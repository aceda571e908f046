// Offline validation against the Kubernetes OpenAPI schemas, as compiled by `kubernetes-models` (the
// core API) and `@kubernetes-models/prometheus-operator` (PodMonitor, PrometheusRule): types, required
// fields, enums and formats. Those schemas let unknown fields pass (as kubeconform without -strict);
// unknown-fields.ts is the strict half.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { K8sObject } from './kustomize-lite.js';

type Model = { validate(): void };
type ModelClass = new (data: unknown) => Model;

const packages: Record<string, string> = {
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/**
 * The file that holds the model of an apiVersion/kind (core group objects live under v1/), by path:
 * the packages have no `exports` map for jest's resolver to follow to their ESM files.
 */
export function modelFile(apiVersion: string, kind: string): string | undefined {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const dir = packageDir(packages[group!] ?? 'kubernetes-models');
  const file = path.join(dir, ...(group ? [group, version!] : [version!]), `${kind}.mjs`);
  return existsSync(file) ? file : undefined;
}

/**
 * kustomize cuts long base64 values of a Secret into lines, which the API server's decoder skips but
 * the schema's "byte" format does not: check the value without them.
 */
function withoutLineBreaksInData(object: K8sObject): K8sObject {
  if (object.kind !== 'Secret' || !object.data) return object;
  const data = Object.fromEntries(
    Object.entries(object.data as Record<string, string>).map(([key, value]) => [
      key,
      value.replaceAll('\n', ''),
    ]),
  );
  return { ...object, data };
}

const models = new Map<string, ModelClass | undefined>();

async function modelOf(apiVersion: string, kind: string): Promise<ModelClass | undefined> {
  const key = `${apiVersion}/${kind}`;
  if (!models.has(key)) {
    const file = modelFile(apiVersion, kind);
    const loaded = file ? ((await import(file)) as Record<string, ModelClass>) : {};
    models.set(key, loaded[kind]);
  }
  return models.get(key);
}

/**
 * The schema errors of one object (empty when valid), or why it could not be checked. Call it for one
 * object at a time: jest's module loader does not take concurrent imports of one module graph.
 */
export async function schemaErrors(object: K8sObject): Promise<string[]> {
  const where = `${object.kind}/${object.metadata?.name ?? '?'}`;
  const Model = await modelOf(object.apiVersion, object.kind);
  if (!Model) return [`${where}: no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(withoutLineBreaksInData(object)).validate();
    return [];
  } catch (error) {
    return [`${where}: ${error instanceof Error ? error.message : String(error)}`];
  }
}
