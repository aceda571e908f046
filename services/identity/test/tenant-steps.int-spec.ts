import {
  Subjects,
  tenantEraseSubject,
  tenantExportSubject,
  type BusRequest,
  type CompanyEraseReply,
  type ServiceName,
  type TenantOperationView,
} from '@sb/contracts';
import { operatorContext } from '@sb/platform/context';
import { handleTenantStep } from '@sb/platform/tenant';
import { useServiceTestRig } from '@sb/testing';
import {
  IntegrationBuses,
  SEEDED_SUPER,
  startIdentityTestApp,
  type BusKind,
} from './identity-test-app.js';

const S = Subjects.identity;
/** beats every 100 ms: a step is lost after 600 ms of silence, given up after 6 s */
const AliveEveryMs = 100;

// The runner's side of a service that dies mid-step (tenant-resume.int-spec kills real processes): a
// step whose service falls silent, or that no service answers yet, is asked again and finishes; the
// step says how often it was asked again; a service that never comes fails the step, and says which.

describe.each<BusKind>(IntegrationBuses)(
  'tenant steps whose service dies over the %s bus',
  (kind) => {
    const rig = useServiceTestRig(kind, 'identity-tenant-steps-int-spec', (bus) =>
      startIdentityTestApp(bus, { env: { TENANT_STEP_ALIVE_MS: String(AliveEveryMs) } }),
    );
    const { run } = rig;
    const asSuper = <T>(subject: string, data: unknown) =>
      rig.app.request<T>(subject, data, SEEDED_SUPER);
    // the erase answers once done or after 5 s: more than a test request waits
    const startErase = (id: number) =>
      rig.bus!.request(
        S.companyDelete,
        { ctx: operatorContext(), data: { id } },
        { timeoutMs: 15_000 },
      ) as Promise<CompanyEraseReply>;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const answering = (service: ServiceName, asked: string[]) =>
      handleTenantStep(rig.bus!, tenantEraseSubject(service), service, async () => {
        asked.push(service);
        await sleep(3 * AliveEveryMs); // beats go out meanwhile
        return { service, rows: {} };
      });
    const untilEnded = async (id: string) => {
      for (let i = 0; i < 300; i++) {
        const operation = await asSuper<TenantOperationView>(S.tenantOperationGet, { id });
        if (operation.status !== 'running') return operation;
        await sleep(50);
      }
      throw new Error(`operation ${id} still running`);
    };

    run('asks again a step whose service fell silent or was not there yet', async () => {
      const company = await rig.app.given.newCompany();
      const asked: string[] = [];
      const subscriptions = [
        await answering('campaigns', asked),
        await answering('reporting', asked),
      ];
      // tickets: the first process takes the step and dies (it never answers, never beats again)
      let dyingTook = 0;
      const dying = await rig.bus!.handle(
        tenantEraseSubject('tickets'),
        (_payload: BusRequest) => {
          dyingTook += 1;
          return new Promise<never>(() => undefined);
        },
        { queue: 'tickets' },
      );
      try {
        const started = startErase(company.id);
        // connectors is not running when its step comes, and comes up a little later
        await sleep(20 * AliveEveryMs);
        subscriptions.push(await answering('connectors', asked));
        // the dying tickets process is gone; its replacement is up
        for (let i = 0; i < 100 && dyingTook === 0; i++) await sleep(50);
        await dying.unsubscribe();
        subscriptions.push(await answering('tickets', asked));
        const { operation } = await started;

        const ended = await untilEnded(operation.id);
        expect([ended.status, ended.error]).toEqual(['done', null]);
        expect(dyingTook).toBe(1);
        expect(asked).toEqual(['campaigns', 'connectors', 'tickets', 'reporting']);
        const retries = Object.fromEntries(ended.steps.map((s) => [s.service, s.retries ?? 0]));
        expect(retries.campaigns).toBe(0);
        expect(retries.connectors).toBeGreaterThanOrEqual(1);
        expect(retries.tickets).toBe(1);
        expect(retries.reporting).toBe(0);
      } finally {
        await Promise.all(subscriptions.map((subscription) => subscription.unsubscribe()));
      }
    });

    run('fails the step once no service worked on it for the give-up time, naming it', async () => {
      const company = await rig.app.given.newCompany();
      const asked: string[] = [];
      // campaigns answers; connectors never comes
      const campaigns = await answering('campaigns', asked);
      try {
        const { operation } = await startErase(company.id);
        const ended = await untilEnded(operation.id);
        expect(ended.status).toBe('failed');
        expect(ended.error).toBe('connectors: No connectors service worked on the step for 6 s.');
        expect(ended.steps.map((s) => s.status)).toEqual([
          'done',
          'failed',
          'pending',
          'pending',
          'pending',
        ]);
      } finally {
        await campaigns.unsubscribe();
      }
    });

    run('aborts a running export: failed at once, unfenced, no later step asked', async () => {
      const company = await rig.app.given.newCompany();
      const asked: string[] = [];
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const parts = await Promise.all(
        (['tickets', 'connectors', 'campaigns', 'reporting'] as const).map((service) =>
          handleTenantStep(rig.bus!, tenantExportSubject(service), service, async () => {
            asked.push(service);
            if (service === 'tickets') await held;
            return { service, rows: {}, bytes: 0 };
          }),
        ),
      );
      try {
        const started = rig.bus!.request(
          S.tenantOperationExport,
          {
            ctx: operatorContext(),
            data: { id: company.id, key: 'the operator key', holdFence: false },
          },
          { timeoutMs: 15_000 },
        );
        for (let i = 0; i < 200 && !asked.includes('tickets'); i++) await sleep(25);
        const [running] = await asSuper<TenantOperationView[]>(S.tenantOperationList, {});
        expect(running).toMatchObject({ kind: 'export', companyId: company.id, status: 'running' });

        const aborted = await asSuper<TenantOperationView>(S.tenantOperationAbort, {
          id: running!.id,
        });
        expect(aborted).toMatchObject({
          status: 'failed',
          error: 'Aborted by the operator: the company works again.',
        });
        expect(await asSuper(S.companyFencedList, {})).toEqual([]);
        await started;

        // the step under way ends; the runner stops there, leaving the operation as aborted
        release();
        await sleep(20 * AliveEveryMs);
        expect(asked).toEqual(['tickets']);
        const after = await asSuper<TenantOperationView>(S.tenantOperationGet, { id: running!.id });
        expect(after).toMatchObject({ status: 'failed', error: aborted.error });
        await expect(
          asSuper(S.tenantOperationAbort, { id: '00000000-0000-4000-8000-000000000000' }),
        ).rejects.toMatchObject({ code: 'ERR_NOT_FOUND' });
      } finally {
        release();
        await Promise.all(parts.map((part) => part.unsubscribe()));
      }
    });
  },
);
