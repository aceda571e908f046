import { CompanyReplicas } from './company-replicas.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CompanyReplicas', () => {
  it('loads a company once and serves its copy after', async () => {
    let loads = 0;
    const replicas = new CompanyReplicas((id) => Promise.resolve({ id, n: ++loads }));
    const [a, b] = await Promise.all([replicas.get(1), replicas.get(1)]);
    expect(a).toBe(b);
    expect(await replicas.get(1)).toEqual({ id: 1, n: 1 });
    expect(await replicas.get(2)).toEqual({ id: 2, n: 2 });
  });

  it('applies changes to a loaded copy and ignores companies it does not hold', async () => {
    const replicas = new CompanyReplicas(() => Promise.resolve(new Map<string, string>()));
    await replicas.get(1);
    replicas.apply(1, (values) => values.set('k', 'v'));
    replicas.apply(2, (values) => values.set('k', 'v'));
    expect((await replicas.get(1)).get('k')).toBe('v');
    expect((await replicas.get(2)).get('k')).toBeUndefined();
  });

  it('applies a change made during a load to its result', async () => {
    let release: (value: Map<string, string>) => void = () => undefined;
    const replicas = new CompanyReplicas(
      () => new Promise<Map<string, string>>((resolve) => (release = resolve)),
    );
    const loading = replicas.get(1);
    replicas.apply(1, (values) => values.set('k', 'new'));
    release(new Map([['k', 'old']]));
    expect((await loading).get('k')).toBe('new');
  });

  it('answers a failed load for 5 s without asking, then asks again', async () => {
    let now = 0;
    let loads = 0;
    let fail = true;
    const replicas = new CompanyReplicas(
      () => (++loads, fail ? Promise.reject(new Error('down')) : Promise.resolve('up')),
      () => now,
    );
    await expect(replicas.get(1)).rejects.toThrow('down');
    fail = false;
    now = 4_999;
    await expect(replicas.get(1)).rejects.toThrow('down');
    expect(loads).toBe(1);
    now = 5_000;
    expect(await replicas.get(1)).toBe('up');
    expect(loads).toBe(2);
  });

  it('resync loads every held company again, serving the old copy meanwhile', async () => {
    let version = 0;
    let release: () => void = () => undefined;
    let gate: Promise<void> = Promise.resolve();
    const replicas = new CompanyReplicas(async () => {
      await gate;
      return ++version;
    });
    expect(await replicas.get(1)).toBe(1);
    gate = new Promise((resolve) => (release = resolve));
    const resync = replicas.resync();
    await settle();
    expect(await replicas.get(1)).toBe(1);
    release();
    await resync;
    expect(await replicas.get(1)).toBe(2);
  });
});
