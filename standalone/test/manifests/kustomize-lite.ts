// A small kustomize renderer for the manifest checks when no kubectl with kustomize v4+ is at hand
// (Debian's kubernetes-client ships kustomize v2, which reads neither `labels` nor `patches`). It knows
// exactly the features k8s/ uses and refuses any other field with a clear error, so a new feature in an
// overlay fails the check instead of being silently ignored. Where kubectl is present, the manifests test
// compares both renderings, object for object.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> } & Record<
    string,
    unknown
  >;
  [field: string]: unknown;
};

type Target = { kind?: string; name?: string };
type Patch = { target?: Target; patch?: string; path?: string };
type Generator = {
  name: string;
  literals?: string[];
  type?: string;
  options?: { disableNameSuffixHash?: boolean };
};
type Kustomization = {
  apiVersion?: string;
  kind?: 'Kustomization' | 'Component';
  namespace?: string;
  resources?: string[];
  components?: string[];
  labels?: {
    pairs: Record<string, string>;
    includeSelectors?: boolean;
    includeTemplates?: boolean;
  }[];
  secretGenerator?: Generator[];
  configMapGenerator?: Generator[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  patches?: Patch[];
};

const knownFields = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'components',
  'labels',
  'secretGenerator',
  'configMapGenerator',
  'images',
  'patches',
]);

// Kinds that live outside any namespace (the `namespace` field leaves them alone).
const clusterScoped = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'PriorityClass',
  'APIService',
]);

export class KustomizeError extends Error {}

function readKustomization(dir: string): Kustomization {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization']
    .map((name) => path.join(dir, name))
    .find((candidate) => existsSync(candidate));
  if (!file) throw new KustomizeError(`${dir}: no kustomization.yaml`);
  const parsed = parseYamlObjects(readFileSync(file, 'utf8'), file)[0] as Kustomization | undefined;
  if (!parsed) throw new KustomizeError(`${file}: empty`);
  const unknown = Object.keys(parsed).filter((field) => !knownFields.has(field));
  if (unknown.length > 0) {
    throw new KustomizeError(`${file}: fields this renderer does not know: ${unknown.join(', ')}`);
  }
  return parsed;
}

function parseYamlObjects(text: string, source: string): unknown[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) {
      throw new KustomizeError(`${source}: ${document.errors[0]?.message ?? 'invalid YAML'}`);
    }
    const value = document.toJS() as unknown;
    return value === null || value === undefined ? [] : [value];
  });
}

function loadResource(entry: string, dir: string): K8sObject[] {
  const target = path.resolve(dir, entry);
  if (!existsSync(target)) throw new KustomizeError(`${dir}: resource ${entry} not found`);
  if (statSync(target).isDirectory()) return build(target, 'Kustomization');
  return parseYamlObjects(readFileSync(target, 'utf8'), target).map((value) => {
    const object = value as K8sObject;
    if (!object.apiVersion || !object.kind || !object.metadata?.name) {
      throw new KustomizeError(`${target}: an object without apiVersion, kind or metadata.name`);
    }
    return object;
  });
}

/** Renders the kustomization in `dir` (a directory), as `kubectl kustomize dir` would. */
export function kustomizeBuild(dir: string): K8sObject[] {
  return build(path.resolve(dir), 'Kustomization');
}

function build(dir: string, expected: 'Kustomization' | 'Component'): K8sObject[] {
  const k = readKustomization(dir);
  const kind = k.kind ?? 'Kustomization';
  if (kind !== expected) throw new KustomizeError(`${dir}: a ${kind} where a ${expected} belongs`);
  let objects = (k.resources ?? []).flatMap((entry) => loadResource(entry, dir));
  for (const component of k.components ?? []) {
    objects = applyComponent(path.resolve(dir, component), objects);
  }
  return transform(k, dir, objects);
}

/** A component adds its resources to the ones so far, then transforms them all. */
function applyComponent(dir: string, objects: K8sObject[]): K8sObject[] {
  const k = readKustomization(dir);
  if (k.kind !== 'Component') throw new KustomizeError(`${dir}: not a Component`);
  const own = (k.resources ?? []).flatMap((entry) => loadResource(entry, dir));
  return transform(k, dir, [...objects, ...own]);
}

function transform(k: Kustomization, dir: string, input: K8sObject[]): K8sObject[] {
  let objects = input.map((object) => structuredClone(object));
  const renamed = new Map<string, string>();
  for (const generator of k.configMapGenerator ?? []) {
    objects.push(generate('ConfigMap', generator, renamed));
  }
  for (const generator of k.secretGenerator ?? []) {
    objects.push(generate('Secret', generator, renamed));
  }
  for (const patch of k.patches ?? []) objects = applyPatch(patch, dir, objects);
  if (k.namespace) {
    for (const object of objects) {
      if (!clusterScoped.has(object.kind)) object.metadata.namespace = k.namespace;
    }
  }
  for (const label of k.labels ?? []) {
    if (label.includeSelectors) {
      throw new KustomizeError(`${dir}: labels with includeSelectors are not supported here`);
    }
    for (const object of objects) {
      object.metadata.labels = { ...object.metadata.labels, ...label.pairs };
      const template = podTemplate(object);
      if (label.includeTemplates && template) {
        template.metadata = {
          ...template.metadata,
          labels: { ...template.metadata?.labels, ...label.pairs },
        };
      }
    }
  }
  for (const image of k.images ?? []) {
    for (const container of containersOf(objects)) {
      if (imageName(container.image) !== image.name) continue;
      const name = image.newName ?? image.name;
      container.image = image.digest
        ? `${name}@${image.digest}`
        : `${name}:${image.newTag ?? imageTag(container.image) ?? 'latest'}`;
    }
  }
  renameReferences(objects, renamed);
  return objects;
}

type PodTemplate = {
  metadata?: { labels?: Record<string, string> };
  spec?: {
    containers?: Container[];
    initContainers?: Container[];
    volumes?: { secret?: { secretName?: string }; configMap?: { name?: string } }[];
  };
};
type Container = {
  image?: string;
  envFrom?: { secretRef?: { name?: string }; configMapRef?: { name?: string } }[];
  env?: {
    valueFrom?: { secretKeyRef?: { name?: string }; configMapKeyRef?: { name?: string } };
  }[];
};

function podTemplate(object: K8sObject): PodTemplate | undefined {
  const spec = object.spec as { template?: PodTemplate } | undefined;
  return ['Deployment', 'StatefulSet', 'DaemonSet', 'Job', 'ReplicaSet'].includes(object.kind)
    ? spec?.template
    : undefined;
}

function containersOf(objects: K8sObject[]): Container[] {
  return objects.flatMap((object) => {
    const spec = podTemplate(object)?.spec;
    return [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])];
  });
}

function imageName(image: string | undefined): string | undefined {
  if (!image) return undefined;
  const withoutDigest = image.split('@')[0] ?? image;
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  return colon > slash ? withoutDigest.slice(0, colon) : withoutDigest;
}

function imageTag(image: string | undefined): string | undefined {
  if (!image) return undefined;
  const name = imageName(image) ?? '';
  return image.length > name.length + 1 && image[name.length] === ':'
    ? image.slice(name.length + 1)
    : undefined;
}

/** A generated ConfigMap or Secret, named with kustomize's content hash suffix. */
function generate(
  kind: 'ConfigMap' | 'Secret',
  generator: Generator,
  renamed: Map<string, string>,
): K8sObject {
  const data: Record<string, string> = {};
  for (const literal of generator.literals ?? []) {
    const equals = literal.indexOf('=');
    if (equals <= 0)
      throw new KustomizeError(`${generator.name}: literal "${literal}" has no key=`);
    const value = literal.slice(equals + 1);
    data[literal.slice(0, equals)] = kind === 'Secret' ? base64Lines(value) : value;
  }
  const object: K8sObject = { apiVersion: 'v1', kind, metadata: { name: generator.name }, data };
  if (kind === 'Secret') object.type = generator.type ?? 'Opaque';
  if (!generator.options?.disableNameSuffixHash) {
    const name = `${generator.name}-${contentHash(object)}`;
    renamed.set(`${kind}/${generator.name}`, name);
    object.metadata.name = name;
  }
  return object;
}

/** Base64 as kustomize writes it: cut into lines of 70 once it reaches that length. */
function base64Lines(value: string): string {
  const encoded = Buffer.from(value, 'utf8').toString('base64');
  if (encoded.length < 70) return encoded;
  return (encoded.match(/.{1,70}/g) ?? []).map((line) => `${line}\n`).join('');
}

/**
 * A content hash suffix in kustomize's form (10 characters from the sha256 of the object's data, kind
 * and name, vowels and look-alikes swapped). Not byte-identical to kustomize's own: the comparison
 * with kubectl leaves generated names' suffixes out.
 */
function contentHash(object: K8sObject): string {
  const encoded = { data: object.data, kind: object.kind, name: object.metadata.name };
  const hex = createHash('sha256')
    .update(JSON.stringify(sortKeys(encoded)))
    .digest('hex')
    .slice(0, 10);
  const swap: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };
  return [...hex].map((char) => swap[char] ?? char).join('');
}

/** A generated name without its hash suffix (to compare two renderings). */
export function withoutHashSuffix(name: string): string {
  return name.replace(/-[a-z0-9]{10}$/, '');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function renameReferences(objects: K8sObject[], renamed: Map<string, string>): void {
  if (renamed.size === 0) return;
  const rename = (kind: string, name: string | undefined) => renamed.get(`${kind}/${name}`) ?? name;
  for (const object of objects) {
    const spec = podTemplate(object)?.spec;
    if (!spec) continue;
    for (const container of [...(spec.containers ?? []), ...(spec.initContainers ?? [])]) {
      for (const source of container.envFrom ?? []) {
        if (source.secretRef) source.secretRef.name = rename('Secret', source.secretRef.name);
        if (source.configMapRef) {
          source.configMapRef.name = rename('ConfigMap', source.configMapRef.name);
        }
      }
      for (const variable of container.env ?? []) {
        const from = variable.valueFrom;
        if (from?.secretKeyRef) from.secretKeyRef.name = rename('Secret', from.secretKeyRef.name);
        if (from?.configMapKeyRef) {
          from.configMapKeyRef.name = rename('ConfigMap', from.configMapKeyRef.name);
        }
      }
    }
    for (const volume of spec.volumes ?? []) {
      if (volume.secret) volume.secret.secretName = rename('Secret', volume.secret.secretName);
      if (volume.configMap) volume.configMap.name = rename('ConfigMap', volume.configMap.name);
    }
  }
}

type Operation = { op: 'add' | 'replace' | 'remove'; path: string; value?: unknown };

function applyPatch(patch: Patch, dir: string, objects: K8sObject[]): K8sObject[] {
  const text =
    patch.patch ?? (patch.path ? readFileSync(path.resolve(dir, patch.path), 'utf8') : '');
  const operations = parseYamlObjects(text, `${dir} patch`)[0];
  if (!Array.isArray(operations)) {
    throw new KustomizeError(`${dir}: only JSON 6902 patches (a list of operations) are supported`);
  }
  const matches = (object: K8sObject): boolean => {
    const target = patch.target ?? {};
    const anchored = (pattern: string | undefined, value: string) =>
      pattern === undefined || new RegExp(`^(?:${pattern})$`).test(value);
    return anchored(target.kind, object.kind) && anchored(target.name, object.metadata.name);
  };
  for (const object of objects.filter(matches)) {
    for (const operation of operations as Operation[]) applyOperation(object, operation, dir);
  }
  return objects;
}

function applyOperation(object: K8sObject, operation: Operation, dir: string): void {
  const keys = operation.path
    .split('/')
    .slice(1)
    .map((key) => key.replaceAll('~1', '/').replaceAll('~0', '~'));
  const last = keys.pop();
  if (last === undefined) throw new KustomizeError(`${dir}: patch path "${operation.path}"`);
  let node: unknown = object;
  for (const key of keys) {
    node = (node as Record<string, unknown>)?.[key];
    if (node === undefined || node === null || typeof node !== 'object') {
      throw new KustomizeError(
        `${dir}: patch path ${operation.path} missing in ${object.kind}/${object.metadata.name}`,
      );
    }
  }
  const parent = node as Record<string, unknown> & unknown[];
  const index = Array.isArray(parent) ? (last === '-' ? parent.length : Number(last)) : undefined;
  switch (operation.op) {
    case 'add':
      if (index !== undefined) parent.splice(index, 0, structuredClone(operation.value));
      else parent[last] = structuredClone(operation.value);
      return;
    case 'replace':
      if (index !== undefined ? index >= parent.length : !(last in parent)) {
        throw new KustomizeError(
          `${dir}: replace of missing ${operation.path} in ${object.kind}/${object.metadata.name}`,
        );
      }
      parent[index ?? last] = structuredClone(operation.value);
      return;
    case 'remove':
      if (index !== undefined) parent.splice(index, 1);
      else delete parent[last];
      return;
    default:
      throw new KustomizeError(`${dir}: patch operation "${String(operation.op)}" not supported`);
  }
}
