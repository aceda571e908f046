import { Subjects, type CompanyFence, type RequestContext } from '@sb/contracts';
import { createInProcessBus } from '@sb/platform/bus';
import { AppError } from '@sb/platform/errors';
import { createLogger } from '@sb/platform/logger';
import { FencedCompanies, startFencedCompanySync } from './fenced-companies.js';

const logger = createLogger('test', { level: 'silent' });

const fenceEvent = (action: 'fenced' | 'unfenced', companyId: number, operationId: string) => ({
  id: `${action}-${companyId}-${operationId}`,
  subject: `evt.${companyId}.identity.company.${action}`,
  companyId,
  occurredAt: new Date().toISOString(),
  data: { companyId, operationId },
});

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('FencedCompanies', () => {
  it("refuses a fenced company's users with 503 ERR_COMPANY_MAINTENANCE, never super users", () => {
    const fenced = new FencedCompanies();
    fenced.fence(7, 'op-1');
    const refusal = (() => {
      try {
        fenced.assertOpen({ companyId: 7, super: false });
      } catch (err) {
        return err;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).status).toBe(503);
    expect(() => fenced.assertOpen({ companyId: 7, super: true })).not.toThrow();
    expect(() => fenced.assertOpen({ companyId: 8, super: false })).not.toThrow();
    // only the operation holding the fence lifts it
    fenced.unfence(7, 'op-0');
    expect(fenced.has(7)).toBe(true);
    fenced.unfence(7, 'op-1');
    expect(fenced.has(7)).toBe(false);
  });

  it("loads identity's fences at start, as the operator, then follows the events", async () => {
    const bus = createInProcessBus({ requestTimeoutMs: 1_000 });
    const asked: RequestContext[] = [];
    await bus.handle<unknown, CompanyFence[]>(
      Subjects.identity.companyFencedList,
      async (request) => {
        asked.push(request.ctx as RequestContext);
        return [{ companyId: 3, operationId: 'op-3', fencedAt: new Date().toISOString() }];
      },
      { queue: 'identity' },
    );
    const fenced = new FencedCompanies();
    const sync = await startFencedCompanySync({ bus, fenced, logger, retryMs: 10 });
    try {
      await sync.loaded;
      expect(fenced.has(3)).toBe(true);
      expect(asked[0]).toMatchObject({ super: true, userId: 0, companyId: 1 });

      await bus.publish(fenceEvent('fenced', 4, 'op-4'));
      await waitFor(() => fenced.has(4));
      await bus.publish(fenceEvent('unfenced', 3, 'op-3'));
      await waitFor(() => !fenced.has(3));
      // other company events change nothing
      await bus.publish({
        ...fenceEvent('fenced', 5, 'op-5'),
        subject: 'evt.5.identity.company.updated',
      });
      await bus.publish(fenceEvent('unfenced', 4, 'op-4'));
      await waitFor(() => !fenced.has(4));
      expect(fenced.has(5)).toBe(false);
    } finally {
      await sync.stop();
      await bus.close();
    }
  });

  it('retries until identity answers', async () => {
    const bus = createInProcessBus({ requestTimeoutMs: 200 });
    const fenced = new FencedCompanies();
    const sync = await startFencedCompanySync({ bus, fenced, logger, retryMs: 10, maxRetryMs: 20 });
    try {
      await new Promise((r) => setTimeout(r, 50));
      await bus.handle<unknown, CompanyFence[]>(
        Subjects.identity.companyFencedList,
        async () => [{ companyId: 9, operationId: 'op-9', fencedAt: new Date().toISOString() }],
        { queue: 'identity' },
      );
      await sync.loaded;
      expect(fenced.has(9)).toBe(true);
    } finally {
      await sync.stop();
      await bus.close();
    }
  });
});
