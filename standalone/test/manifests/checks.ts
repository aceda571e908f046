// Checks of our own on a rendered overlay, beyond the schemas: what a real deployment of Switchboard
// needs (probes on the ops port, resources, pinned images, autoscalers and budgets that point at
// something). Each answers the list of problems found, empty when all is well.
import type { K8sObject } from './kustomize-lite.js';

export const OPS_PORT = 9464;

type Probe = { httpGet?: { path?: string; port?: number | string } };
type Container = {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
};
type PodTemplate = {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: { containers: Container[] };
};
type Deployment = K8sObject & {
  spec: { selector: { matchLabels: Record<string, string> }; template: PodTemplate };
};

const name = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;
const byKind = <T extends K8sObject>(objects: K8sObject[], kind: string) =>
  objects.filter((object) => object.kind === kind) as T[];

/** Our own processes (not the dev overlay's throwaway dependencies, not the static web server). */
export function switchboardProcesses(objects: K8sObject[]): Deployment[] {
  return byKind<Deployment>(objects, 'Deployment').filter((deployment) => {
    const labels = deployment.spec.template.metadata?.labels ?? {};
    return ['service', 'gateway'].includes(labels['app.kubernetes.io/component'] ?? '');
  });
}

/** A probe that asks `path` on the ops port (by its name `metrics` or its number). */
function probesOpsPort(container: Container, probe: Probe | undefined, path: string): boolean {
  const port = probe?.httpGet?.port;
  const opsPortName = container.ports?.find((p) => p.containerPort === OPS_PORT)?.name;
  return (
    probe?.httpGet?.path === path &&
    (port === OPS_PORT || (port !== undefined && port === opsPortName))
  );
}

export function checkProbesAndMetrics(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const deployment of switchboardProcesses(objects)) {
    const template = deployment.spec.template;
    for (const container of template.spec.containers) {
      const where = `${name(deployment)} container ${container.name}`;
      const ops = container.ports?.find((port) => port.containerPort === OPS_PORT);
      if (ops?.name !== 'metrics')
        problems.push(`${where}: no containerPort ${OPS_PORT} "metrics"`);
      if (!probesOpsPort(container, container.readinessProbe, '/health/ready')) {
        problems.push(`${where}: readinessProbe is not GET /health/ready on the ops port`);
      }
      if (!probesOpsPort(container, container.livenessProbe, '/health/live')) {
        problems.push(`${where}: livenessProbe is not GET /health/live on the ops port`);
      }
    }
    const annotations = template.metadata?.annotations ?? {};
    if (
      annotations['prometheus.io/scrape'] !== 'true' ||
      annotations['prometheus.io/port'] !== String(OPS_PORT)
    ) {
      problems.push(`${name(deployment)}: no prometheus.io scrape annotations for ${OPS_PORT}`);
    }
  }
  return problems;
}

export function checkResourcesAndImages(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const deployment of byKind<Deployment>(objects, 'Deployment')) {
    for (const container of deployment.spec.template.spec.containers) {
      const where = `${name(deployment)} container ${container.name}`;
      const requests = container.resources?.requests;
      if (!requests?.cpu || !requests.memory) problems.push(`${where}: no cpu and memory requests`);
      const ours = switchboardProcesses([deployment]).length > 0;
      if (ours && !container.resources?.limits?.memory) problems.push(`${where}: no memory limit`);
      const image = container.image ?? '';
      const lastPart = image.split('/').pop() ?? '';
      if (!lastPart.includes(':') && !image.includes('@')) {
        problems.push(`${where}: image ${image} has no tag`);
      } else if (image.endsWith(':latest')) {
        problems.push(`${where}: image ${image} is :latest`);
      }
    }
  }
  return problems;
}

type Hpa = K8sObject & {
  spec: {
    scaleTargetRef: { kind: string; name: string };
    minReplicas?: number;
    maxReplicas: number;
    metrics?: { type: string; pods?: { metric: { name: string } } }[];
  };
};

export function checkAutoscalers(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const targets = new Set(objects.map((object) => `${object.kind}/${object.metadata.name}`));
  for (const hpa of byKind<Hpa>(objects, 'HorizontalPodAutoscaler')) {
    const target = `${hpa.spec.scaleTargetRef.kind}/${hpa.spec.scaleTargetRef.name}`;
    if (!targets.has(target)) problems.push(`${name(hpa)}: its target ${target} is not rendered`);
    if ((hpa.spec.minReplicas ?? 1) > hpa.spec.maxReplicas) {
      problems.push(`${name(hpa)}: minReplicas above maxReplicas`);
    }
  }
  const connectors = byKind<Hpa>(objects, 'HorizontalPodAutoscaler').find(
    (hpa) => hpa.spec.scaleTargetRef.name === 'connectors',
  );
  const metrics = connectors?.spec.metrics ?? [];
  if (
    metrics.length !== 1 ||
    metrics[0]?.type !== 'Pods' ||
    metrics[0].pods?.metric.name !== 'switchboard_connector_sessions_held'
  ) {
    problems.push('connectors: the HPA does not scale on switchboard_connector_sessions_held only');
  }
  return problems;
}

type Selecting = K8sObject & { spec: { selector: Record<string, unknown> } };

/** PodDisruptionBudgets and Services select pods that some Deployment runs. */
export function checkSelectors(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const podLabels = byKind<Deployment>(objects, 'Deployment').map(
    (deployment) => deployment.spec.template.metadata?.labels ?? {},
  );
  const selects = (selector: Record<string, string>) =>
    podLabels.some((labels) => Object.entries(selector).every(([key, v]) => labels[key] === v));
  for (const pdb of byKind<Selecting>(objects, 'PodDisruptionBudget')) {
    const selector = (pdb.spec.selector.matchLabels ?? {}) as Record<string, string>;
    if (!selects(selector)) problems.push(`${name(pdb)}: selects no Deployment's pods`);
  }
  for (const service of byKind<Selecting>(objects, 'Service')) {
    if (!selects(service.spec.selector as Record<string, string>)) {
      problems.push(`${name(service)}: selects no Deployment's pods`);
    }
  }
  return problems;
}

/** The gateway's Service exposes the public port only: the ops port stays inside the cluster. */
export function checkPublicPorts(objects: K8sObject[]): string[] {
  const gateway = objects.find((o) => o.kind === 'Service' && o.metadata.name === 'gateway') as
    (K8sObject & { spec: { ports: { port: number; targetPort?: number | string }[] } }) | undefined;
  if (!gateway) return ['Service/gateway: missing'];
  return gateway.spec.ports
    .filter((port) => port.port === OPS_PORT || port.targetPort === 'metrics')
    .map(() => 'Service/gateway: exposes the ops port');
}

/** Every ConfigMap and Secret a pod reads is rendered, except the ones the operator creates. */
export function checkReferences(objects: K8sObject[], providedByOperator: string[]): string[] {
  const problems: string[] = [];
  const present = new Set(objects.map((object) => `${object.kind}/${object.metadata.name}`));
  for (const deployment of byKind<Deployment>(objects, 'Deployment')) {
    for (const container of deployment.spec.template.spec.containers) {
      for (const source of container.envFrom ?? []) {
        const ref = source.configMapRef
          ? `ConfigMap/${source.configMapRef.name}`
          : `Secret/${source.secretRef?.name}`;
        if (!present.has(ref) && !providedByOperator.includes(ref)) {
          problems.push(`${name(deployment)}: reads ${ref}, which is not rendered`);
        }
      }
    }
  }
  return problems;
}

export function configValue(objects: K8sObject[], key: string): string | undefined {
  const config = objects.find(
    (object) => object.kind === 'ConfigMap' && object.metadata.name === 'switchboard-config',
  ) as (K8sObject & { data: Record<string, string> }) | undefined;
  return config?.data[key];
}
