import { resolveTestInfrastructure } from './test-infrastructure.js';

const announced = new Set<string>();

function announce(reason: string) {
  if (announced.has(reason)) return;
  announced.add(reason);
  // Printed on purpose: a skipped NATS suite must say why in the test output.
  process.stderr.write(`\n⚠ ${reason}\n`);
}

/** The NATS URL for tests, or undefined after printing why NATS tests are skipped. */
export async function natsUrlOrSkip(): Promise<string | undefined> {
  const infra = await resolveTestInfrastructure();
  if (infra.natsUrl) return infra.natsUrl;
  announce(infra.natsSkipReason ?? 'NATS tests skipped: no NATS server available.');
  return undefined;
}

/**
 * A describe block that needs NATS: runs with the URL, or is skipped with the reason printed.
 * Call it with top-level await in the test file (ESM): `await describeWithNats('…', (url) => {…})`.
 */
export async function describeWithNats(name: string, fn: (natsUrl: string) => void): Promise<void> {
  const natsUrl = await natsUrlOrSkip();
  if (natsUrl) describe(name, () => fn(natsUrl));
  // skipped on purpose, and said so: this machine has no NATS (ARCHITECTURE.md §8 fallback)
  else describe.skip(`${name} (skipped: no NATS)`, () => fn(''));
}
