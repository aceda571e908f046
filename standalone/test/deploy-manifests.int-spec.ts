// The deployment files are rendered and checked, not only read: both kustomize overlays (with kubectl
// when a kubectl with kustomize v4+ is installed, else the JS renderer), every object against the
// Kubernetes schemas (offline, unknown fields included), our own rules for a real deployment, the
// alerts, the Helm values of the dependencies, and docker-compose.yml with `docker-compose config -q`
// when docker-compose is present.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { metricsRegistry } from '@sb/platform/ops';
import {
  checkAutoscalers,
  checkProbesAndMetrics,
  checkPublicPorts,
  checkReferences,
  checkResourcesAndImages,
  checkSelectors,
  configValue,
  switchboardProcesses,
} from './manifests/checks.js';
import { kustomizeBuild, withoutHashSuffix, type K8sObject } from './manifests/kustomize-lite.js';
import { findRenderer, kubectlKustomize, objectKey, render } from './manifests/render.js';
import { schemaErrors } from './manifests/schemas.js';
import { unknownFields } from './manifests/unknown-fields.js';

const root = path.resolve(import.meta.dirname, '../..');
const overlays = ['dev', 'prod'] as const;

// The metric names the processes register (docs/operations.md "Metrics") and Node's event-loop lag:
// the alerts may use no other.
const contractMetrics = [
  ...(await metricsRegistry.getMetricsAsJSON()).map((metric) => metric.name),
  'nodejs_eventloop_lag_seconds',
];

const announced = new Set<string>();
function announce(message: string): void {
  if (announced.has(message)) return;
  announced.add(message);
  // Printed on purpose: the output says which renderer ran and what was skipped, and why.
  process.stderr.write(`\n⚠ ${message}\n`);
}

const renderer = findRenderer();
announce(
  renderer.kind === 'kubectl'
    ? `manifests: rendered with kubectl kustomize (kustomize ${renderer.version})`
    : `manifests: rendered with the JS renderer (${renderer.reason})`,
);

/** The prod overlay with the optional monitoring component, through a throwaway overlay. */
function renderWithMonitoring(build: (dir: string) => K8sObject[]): K8sObject[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'sb-overlay-'));
  try {
    // kustomize takes only relative paths to other kustomizations
    const k8s = path.relative(dir, path.join(root, 'k8s'));
    writeFileSync(
      path.join(dir, 'kustomization.yaml'),
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'namespace: switchboard',
        'resources:',
        `  - ${k8s}/overlays/prod`,
        'components:',
        `  - ${k8s}/components/monitoring`,
        '',
      ].join('\n'),
    );
    return build(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(overlays)('k8s overlay %s', (overlay) => {
  let objects: K8sObject[];

  beforeAll(() => {
    objects = render(renderer, path.join(root, 'k8s/overlays', overlay));
  });

  it('renders the apps, their config and the autoscalers', () => {
    const kinds = new Set(objects.map((object) => object.kind));
    for (const kind of [
      'Namespace',
      'ConfigMap',
      'Deployment',
      'Service',
      'HorizontalPodAutoscaler',
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(
      switchboardProcesses(objects)
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual(['campaigns', 'connectors', 'gateway', 'identity', 'reporting', 'tickets']);
  });

  it('validates every object against the Kubernetes schemas', async () => {
    const errors: string[] = [];
    for (const object of objects) errors.push(...(await schemaErrors(object)));
    expect(errors).toEqual([]);
  });

  it('has no field the Kubernetes API does not know', () => {
    expect(unknownFields(objects)).toEqual([]);
  });

  it('probes every process on its ops port, scrapes it, keeps the gateway public port apart', () => {
    expect(checkProbesAndMetrics(objects)).toEqual([]);
    expect(checkPublicPorts(objects)).toEqual([]);
    expect(configValue(objects, 'METRICS_PORT')).toBe('9464');
  });

  it('gives every container resources and a pinned image', () => {
    expect(checkResourcesAndImages(objects)).toEqual([]);
  });

  it('points every autoscaler, budget and Service at something rendered', () => {
    expect(checkAutoscalers(objects)).toEqual([]);
    expect(checkSelectors(objects)).toEqual([]);
    const operatorSecrets = overlay === 'prod' ? ['Secret/switchboard-secrets'] : [];
    expect(checkReferences(objects, operatorSecrets)).toEqual([]);
  });
});

describe('k8s overlay prod, for a real deployment', () => {
  let objects: K8sObject[];

  beforeAll(() => {
    objects = render(renderer, path.join(root, 'k8s/overlays/prod'));
  });

  it('replicates the event stream on the 3-node NATS cluster', () => {
    expect(configValue(objects, 'NATS_STREAM_REPLICAS')).toBe('3');
  });

  it('runs at least two of every process and a disruption budget for each', () => {
    const hpas = objects.filter(
      (object) => object.kind === 'HorizontalPodAutoscaler',
    ) as (K8sObject & {
      spec: { minReplicas: number; scaleTargetRef: { name: string } };
    })[];
    const tooFew = switchboardProcesses(objects)
      .map((process) => process.metadata.name)
      .filter((name) => {
        const hpa = hpas.find((candidate) => candidate.spec.scaleTargetRef.name === name);
        return (hpa?.spec.minReplicas ?? 0) < 2;
      });
    expect(tooFew).toEqual([]);
    const budgets = objects
      .filter((object) => object.kind === 'PodDisruptionBudget')
      .map((object) => object.metadata.name);
    expect(budgets).toEqual(
      expect.arrayContaining([...switchboardProcesses(objects).map((d) => d.metadata.name), 'web']),
    );
  });

  it('adds a valid PodMonitor with the monitoring component', async () => {
    const withMonitoring = renderWithMonitoring((dir) =>
      renderer.kind === 'kubectl' ? kubectlKustomize(dir) : kustomizeBuild(dir),
    );
    const monitors = withMonitoring.filter((object) => object.kind === 'PodMonitor');
    expect(monitors).toHaveLength(1);
    expect(await schemaErrors(monitors[0]!)).toEqual([]);
    expect(unknownFields(monitors)).toEqual([]);
    expect(monitors[0]!.metadata.namespace).toBe('switchboard');
  });
});

const compareRenderers = renderer.kind === 'kubectl' ? describe : describe.skip;
if (renderer.kind !== 'kubectl') {
  announce(`manifests: JS renderer not compared with kubectl (${renderer.reason})`);
}
compareRenderers('the JS renderer', () => {
  // Objects by kind/namespace/name; generated names (name-<hash>) without their hash suffix, which
  // the JS renderer computes its own way.
  const byKey = (objects: K8sObject[]) =>
    Object.fromEntries(
      objects.map((object) => {
        const text = JSON.stringify(object).replace(
          /"(switchboard-[\w-]+?-[a-z0-9]{10})"/g,
          (_, name: string) => JSON.stringify(withoutHashSuffix(name)),
        );
        const normalized = JSON.parse(text) as K8sObject;
        return [objectKey(normalized), normalized];
      }),
    );

  it.each(overlays)('renders overlay %s as kubectl kustomize does', (overlay) => {
    const dir = path.join(root, 'k8s/overlays', overlay);
    expect(byKey(kustomizeBuild(dir))).toEqual(byKey(kubectlKustomize(dir)));
  });

  it('renders the monitoring component as kubectl kustomize does', () => {
    expect(byKey(renderWithMonitoring(kustomizeBuild))).toEqual(
      byKey(renderWithMonitoring(kubectlKustomize)),
    );
  });
});

describe('alerts (deploy/prometheus/alerts.yaml)', () => {
  type Rule = { alert: string; expr: string; annotations: Record<string, string> };
  const rule = parse(
    readFileSync(path.join(root, 'deploy/prometheus/alerts.yaml'), 'utf8'),
  ) as K8sObject & {
    spec: { groups: { rules: Rule[] }[] };
  };
  const alerts = rule.spec.groups.flatMap((group) => group.rules);
  const runbook = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  const anchors = new Set(
    [...runbook.matchAll(/^#+\s+(.+)$/gm)].map((match) =>
      match[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replaceAll(' ', '-'),
    ),
  );

  it('is a valid PrometheusRule', async () => {
    expect(await schemaErrors(rule)).toEqual([]);
    expect(unknownFields([rule])).toEqual([]);
  });

  it('uses only the metric names of the ops contract', () => {
    const used = new Set(
      alerts.flatMap((alert) =>
        [...alert.expr.matchAll(/\b(switchboard_\w+|nodejs_\w+)/g)].map((m) => m[1]!),
      ),
    );
    const unknown = [...used].filter(
      (name) => !contractMetrics.some((metric) => name === metric || name.startsWith(`${metric}_`)),
    );
    expect(unknown).toEqual([]);
  });

  it('covers what the operators watch, each alert explained in the runbook', () => {
    const metricsAlertedOn = contractMetrics.filter((metric) =>
      alerts.some((alert) => alert.expr.includes(metric)),
    );
    expect(metricsAlertedOn).toEqual(
      expect.arrayContaining([
        'switchboard_outbox_lag_seconds',
        'switchboard_consumer_pending',
        'switchboard_consumer_redelivered',
        'switchboard_bus_request_duration_seconds',
        'switchboard_http_request_duration_seconds',
        'switchboard_connector_sessions',
        'switchboard_db_pool_connections',
        'nodejs_eventloop_lag_seconds',
      ]),
    );
    for (const alert of alerts) {
      const link = alert.annotations.runbook_url ?? '';
      expect({ alert: alert.alert, link }).toEqual({
        alert: alert.alert,
        link: expect.stringMatching(/^docs\/operations\.md#/),
      });
      expect({ alert: alert.alert, documented: anchors.has(link.split('#')[1] ?? '') }).toEqual({
        alert: alert.alert,
        documented: true,
      });
    }
  });
});

describe('dependencies (deploy/)', () => {
  it('serves the connectors sessions metric to the HPA through prometheus-adapter', () => {
    const values = parse(
      readFileSync(path.join(root, 'deploy/prometheus-adapter/values.yaml'), 'utf8'),
    ) as { rules: { custom: { seriesQuery: string; name: { as: string } }[] } };
    const rule = values.rules.custom.find((candidate) =>
      candidate.seriesQuery.startsWith('switchboard_connector_sessions_held'),
    );
    expect(rule?.name.as).toBe('switchboard_connector_sessions_held');
  });

  it('runs NATS as a 3-node JetStream cluster on file storage', () => {
    const values = parse(readFileSync(path.join(root, 'deploy/nats/values.yaml'), 'utf8')) as {
      config: {
        cluster: { enabled: boolean; replicas: number };
        jetstream: { enabled: boolean; fileStore: { enabled: boolean; pvc: { size: string } } };
      };
    };
    expect(values.config.cluster).toEqual({ enabled: true, replicas: 3 });
    expect(values.config.jetstream.enabled).toBe(true);
    expect(values.config.jetstream.fileStore.enabled).toBe(true);
  });
});

const compose = spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' });
const hasCompose = !compose.error && compose.status === 0;
if (!hasCompose) announce('docker-compose.yml not validated: docker-compose is not installed');
(hasCompose ? describe : describe.skip)('docker-compose.yml', () => {
  // The variables .env must set (${VAR:?...}); any value will do to check the file.
  const required = {
    POSTGRES_PASSWORD: 'x',
    MINIO_ROOT_USER: 'x',
    MINIO_ROOT_PASSWORD: 'x',
    JWT_SECRET: 'x',
  };

  it('passes docker-compose config -q', () => {
    expect(() =>
      execFileSync('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], {
        cwd: root,
        env: { ...process.env, ...required },
        stdio: 'pipe',
        timeout: 60_000,
      }),
    ).not.toThrow();
  });

  it('gives every process the ops port and a healthcheck on it, publishing only the public ports', () => {
    const rendered = parse(
      execFileSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
        cwd: root,
        env: { ...process.env, ...required },
        encoding: 'utf8',
        timeout: 60_000,
      }),
    ) as {
      services: Record<
        string,
        {
          environment?: Record<string, string>;
          healthcheck?: { test: string[] };
          ports?: unknown[];
        }
      >;
    };
    for (const name of ['identity', 'tickets', 'connectors', 'campaigns', 'reporting', 'gateway']) {
      const service = rendered.services[name];
      expect({ name, port: String(service?.environment?.METRICS_PORT) }).toEqual({
        name,
        port: '9464',
      });
      expect({ name, test: service?.healthcheck?.test.join(' ') }).toEqual({
        name,
        test: expect.stringContaining('ops-health.mjs /health/ready'),
      });
    }
    expect(JSON.stringify(rendered.services.gateway?.ports)).not.toContain('9464');
  });
});
