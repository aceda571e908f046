import { randomUUID } from 'node:crypto';
import { Subjects, type CompanyFence, type IssuedSession } from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import type { RunningNestService } from '@sb/platform/nest';
import { operatorContext } from '@sb/platform/context';
import { TenantFence } from '../src/index.js';
import {
  IntegrationBuses,
  SEEDED_SUPER,
  useIdentityTestApp,
  type BusKind,
} from './identity-test-app.js';

const S = Subjects.identity;

// identity's fence of a company (ARCHITECTURE.md §9): the columns and the events, written in the
// caller's transaction; idempotent both ways; the list for processes starting later; login and refresh
// refused to the company's users, never to super users, without spending the refresh token.

describe.each<BusKind>(IntegrationBuses)('fencing a company over the %s bus', (kind) => {
  const rig = useIdentityTestApp(kind, 'identity-tenant-fence-int-spec');
  const { run } = rig;
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (err: { code?: string }) => err.code,
    );
  const nest = () => rig.app.service as RunningNestService;
  const inTransaction = <T>(work: Parameters<Transactions['acrossCompanies']>[0]) =>
    nest().app.get(Transactions).acrossCompanies(work) as Promise<T>;
  const outboxOf = async (companyId: number) =>
    (
      await rig.app.db.query<{ subject: string; payload: unknown }>(
        `SELECT subject, payload FROM identity.outbox_event
          WHERE company_id = $1 AND subject LIKE '%.identity.company.%fenced' ORDER BY seq`,
        [companyId],
      )
    ).rows;

  run(
    'fences once, refuses another operation, unfences only its own, lists the fences',
    async () => {
      const fence = nest().app.get(TenantFence);
      const company = await rig.app.given.newCompany();
      const operation = randomUUID();
      await inTransaction((manager) => fence.fence(manager, company.id, operation));
      await inTransaction((manager) => fence.fence(manager, company.id, operation));
      expect(
        await codeOf(inTransaction((manager) => fence.fence(manager, company.id, randomUUID()))),
      ).toBe('ERR_COMPANY_MAINTENANCE');
      expect(
        await codeOf(inTransaction((manager) => fence.fence(manager, 999_999, operation))),
      ).toBe('ERR_NO_COMPANY_FOUND');

      const fences = await rig.app.request<CompanyFence[]>(
        S.companyFencedList,
        {},
        operatorContext(),
      );
      expect(fences).toEqual([
        { companyId: company.id, operationId: operation, fencedAt: expect.any(String) },
      ]);
      expect(await codeOf(rig.app.request(S.companyFencedList, {}))).toBe('ERR_SESSION_EXPIRED');
      expect(
        await codeOf(
          rig.app.request(S.companyFencedList, {}, { ...SEEDED_SUPER, super: false, companyId: 2 }),
        ),
      ).toBe('ERR_NO_PERMISSION');
      expect(await rig.app.request(S.companyFencedList, {}, SEEDED_SUPER)).toHaveLength(1);

      // another operation's unfence changes nothing; the holder's lifts it, once
      await inTransaction((manager) => fence.unfence(manager, company.id, randomUUID()));
      await inTransaction((manager) => fence.unfence(manager, company.id, operation));
      await inTransaction((manager) => fence.unfence(manager, company.id, operation));
      expect(await rig.app.request(S.companyFencedList, {}, operatorContext())).toEqual([]);
      const events = await outboxOf(company.id);
      expect(events.map((event) => event.subject)).toEqual([
        `evt.${company.id}.identity.company.fenced`,
        `evt.${company.id}.identity.company.unfenced`,
      ]);
      expect(events[0].payload).toEqual({ companyId: company.id, operationId: operation });
    },
  );

  run('a rolled back transaction leaves no fence and no event', async () => {
    const fence = nest().app.get(TenantFence);
    const company = await rig.app.given.newCompany();
    await codeOf(
      inTransaction(async (manager) => {
        await fence.fence(manager, company.id, randomUUID());
        throw new Error('the step failed');
      }),
    );
    expect(await outboxOf(company.id)).toEqual([]);
    expect(await rig.app.request(S.companyFencedList, {}, operatorContext())).toEqual([]);
  });

  run("refuses a fenced company's logins and refreshes, keeping the refresh token", async () => {
    const fence = nest().app.get(TenantFence);
    const company = await rig.app.given.newCompany();
    const user = await rig.app.given.newUser(company, { profile: 'admin' });
    const superUser = await rig.app.given.newUser(company, { profile: 'admin' });
    await rig.app.db.query('UPDATE identity.users SET super = true WHERE id = $1', [superUser.id]);
    const session = await rig.app.request<IssuedSession>(S.login, {
      email: user.email,
      password: user.password,
    });
    const operation = randomUUID();
    await inTransaction((manager) => fence.fence(manager, company.id, operation));

    expect(
      await codeOf(rig.app.request(S.login, { email: user.email, password: user.password })),
    ).toBe('ERR_COMPANY_MAINTENANCE');
    expect(await codeOf(rig.app.request(S.refresh, { refreshToken: session.refreshToken }))).toBe(
      'ERR_COMPANY_MAINTENANCE',
    );
    // super users are never fenced
    expect(
      await codeOf(
        rig.app.request(S.login, { email: superUser.email, password: superUser.password }),
      ),
    ).toBe('resolved');

    await inTransaction((manager) => fence.unfence(manager, company.id, operation));
    // the refresh token refused during the fence still works after it
    const refreshed = await rig.app.request<IssuedSession>(S.refresh, {
      refreshToken: session.refreshToken,
    });
    expect(refreshed.refreshToken).not.toBe(session.refreshToken);
  });
});
