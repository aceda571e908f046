import { readFileSync } from 'node:fs';
import { metricsRegistry } from './metrics.js';

// deploy/grafana/switchboard.json plots the contract's names only, and every one of them.

type Panel = { title: string; targets?: { expr: string }[] };

const dashboard = JSON.parse(
  readFileSync(new URL('../../../../deploy/grafana/switchboard.json', import.meta.url), 'utf8'),
) as { uid: string; panels: Panel[] };

const exprs = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((t) => t.expr));
const plotted = new Set(exprs.flatMap((expr) => expr.match(/\bswitchboard_[a-z_]+/g) ?? []));
const series = (name: string, type: string) =>
  type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name];

describe('the Grafana dashboard', () => {
  it('names only metrics the registry has', async () => {
    const known = new Set(
      (await metricsRegistry.getMetricsAsJSON()).flatMap((m) => series(m.name, String(m.type))),
    );
    expect([...plotted].filter((name) => !known.has(name))).toEqual([]);
  });

  it('plots every switchboard metric', async () => {
    const names = (await metricsRegistry.getMetricsAsJSON()).map((m) => m.name);
    const missing = names.filter((name) => ![...plotted].some((p) => p.startsWith(name)));
    expect(missing).toEqual([]);
  });

  it('plots the event-loop lag from the Node defaults', () => {
    expect(exprs.some((expr) => expr.includes('nodejs_eventloop_lag'))).toBe(true);
  });
});
