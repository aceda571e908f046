import {
  Subjects,
  type BusRequest,
  type CompaniesPage,
  type CompanyCountsRequest,
  type CompanyRecordView,
  type CompanyPlanView,
  type CompanyView,
  type InvoiceView,
  type IssuedSession,
  type PlanLimitsReply,
  type PlanView,
} from '@sb/contracts';
import type { DataSource } from 'typeorm';
import { assertUserLimit } from '../src/plans/plan-limits.js';
import {
  SEEDED_SUPER,
  useIdentityTestApp,
  type BusKind,
  IntegrationBuses,
} from './identity-test-app.js';

const S = Subjects.identity;
const superCtx = SEEDED_SUPER;

describe.each<BusKind>(IntegrationBuses)(
  'companies, plans and invoices over the %s bus',
  (kind) => {
    const rig = useIdentityTestApp(kind, 'identity-companies-int-spec');
    const { run } = rig;

    const asSuper = <T>(subject: string, data: unknown) =>
      rig.app.request<T>(subject, data, superCtx);
    const codeOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'resolved',
        (err: { code?: string }) => err.code,
      );
    let seq = 0;
    const newPlan = (extra: object = {}) =>
      asSuper<PlanView>(S.planCreate, {
        name: `Plan ${++seq} ${kind}`,
        users: 2,
        connections: 1,
        queues: 3,
        amount: '49.9',
        ...extra,
      });
    const newCompany = (planId: number, extra: object = {}) =>
      asSuper<CompanyView>(S.companyCreate, {
        name: `Company ${++seq} ${kind}`,
        email: `boss${seq}-${kind}@acme.test`,
        password: 'secret-1',
        planId,
        ...extra,
      });
    const outbox = async (subject: string) =>
      (
        await rig.app.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM identity.outbox_event WHERE subject = $1',
          [subject],
        )
      ).rows[0]!.n;

    run('creates plans with every flag on, 2-decimal amounts and unique names', async () => {
      const plan = await newPlan({ useKanban: false, isPublic: false });
      expect(plan).toMatchObject({
        amount: '49.90',
        useWhatsapp: true,
        useKanban: false,
        users: 2,
      });
      expect(await codeOf(newPlan({ name: plan.name.toUpperCase() }))).toBe(
        'ERR_PLAN_NAME_ALREADY_EXISTS',
      );
      expect(await codeOf(asSuper(S.planCreate, { name: '' }))).toBe('ERR_VALIDATION');
      const updated = await asSuper<PlanView>(S.planUpdate, { id: plan.id, amount: 10, users: 5 });
      expect(updated).toMatchObject({ amount: '10.00', users: 5, useKanban: false });
      const publicPlans = await rig.app.request<PlanView[]>(S.planListPublic, {});
      expect(publicPlans.map((p) => p.id)).not.toContain(plan.id);
      const all = await asSuper<PlanView[]>(S.planListAll, {});
      expect(all.map((p) => p.id)).toContain(plan.id);
    });

    run('refuses plan administration to anyone but the super user', async () => {
      const admin = { companyId: 1, userId: 1, profile: 'admin' as const, super: false };
      expect(await codeOf(rig.app.request(S.planListAll, {}, admin))).toBe('ERR_NO_PERMISSION');
      expect(await codeOf(rig.app.request(S.planCreate, { name: 'x' }, admin))).toBe(
        'ERR_NO_PERMISSION',
      );
      expect(await codeOf(rig.app.request(S.companyPage, {}, admin))).toBe('ERR_NO_PERMISSION');
    });

    run(
      'creates a company with its first admin, default settings, a trial and an event',
      async () => {
        const plan = await newPlan();
        const company = await newCompany(plan.id, { dueDate: '' });
        expect(company).toMatchObject({
          planId: plan.id,
          status: true,
          recurrence: 'MENSAL',
          usersCount: 1,
        });
        const days = (new Date(company.dueDate!).getTime() - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(2.9);
        expect(days).toBeLessThan(3.1);
        const session = await rig.app.request<IssuedSession>(S.login, {
          email: company.email,
          password: 'secret-1',
        });
        expect(session.user).toMatchObject({
          companyId: company.id,
          profile: 'admin',
          super: false,
        });
        const { rows } = await rig.app.db.query(
          'SELECT 1 FROM identity.company_settings WHERE company_id = $1',
          [company.id],
        );
        expect(rows.length).toBeGreaterThan(0);
        expect(await outbox(`evt.${company.id}.identity.company.created`)).toBe(1);
        // the event carries the time zone the company's hours are read in (tickets' replica)
        const event = await rig.app.db.query<{ payload: { timeZone?: string } }>(
          'SELECT payload FROM identity.outbox_event WHERE subject = $1',
          [`evt.${company.id}.identity.company.created`],
        );
        expect(event.rows[0]!.payload.timeZone).toEqual(expect.any(String));
      },
    );

    run(
      'switching a company off revokes its sessions at once and keeps its users out',
      async () => {
        const plan = await newPlan();
        const company = await newCompany(plan.id);
        const credentials = { email: company.email, password: 'secret-1' };
        const session = await rig.app.request<IssuedSession>(S.login, credentials);
        await asSuper(S.companyUpdate, { id: company.id, status: false });
        expect(await outbox(`evt.${company.id}.identity.session.revoked`)).toBe(1);
        const { rows } = await rig.app.db.query(
          'SELECT revoked_reason FROM identity.sessions WHERE id = $1',
          [session.sessionId],
        );
        expect(rows[0]).toEqual({ revoked_reason: 'company-disabled' });
        expect(await codeOf(rig.app.request(S.login, credentials))).toBe('ERR_COMPANY_INACTIVE');
      },
    );

    run('answers clear codes for a taken name or email and a missing plan', async () => {
      const plan = await newPlan();
      const company = await newCompany(plan.id);
      expect(await codeOf(newCompany(plan.id, { name: company.name.toLowerCase() }))).toBe(
        'ERR_COMPANY_NAME_ALREADY_EXISTS',
      );
      expect(await codeOf(newCompany(plan.id, { email: company.email }))).toBe(
        'ERR_EMAIL_ALREADY_EXISTS',
      );
      expect(await codeOf(newCompany(999_999))).toBe('ERR_NO_PLAN_FOUND');
      expect(await codeOf(asSuper(S.companyCreate, { name: 'No email' }))).toBe('ERR_VALIDATION');
    });

    run('pages and searches companies', async () => {
      const plan = await newPlan();
      const company = await newCompany(plan.id, { document: 'DOC-FIND-ME' });
      const found = await asSuper<CompaniesPage>(S.companyPage, { searchParam: 'find-me' });
      expect(found).toMatchObject({ count: 1, hasMore: false });
      expect(found.companies[0]!.id).toBe(company.id);
      const all = await asSuper<CompaniesPage>(S.companyPage, { pageNumber: 1 });
      expect(all.count).toBeGreaterThanOrEqual(2);
      expect((await asSuper<CompanyView[]>(S.companyListAll, {})).length).toBe(all.count);
    });

    run('keeps company 1 endless, active and undeletable', async () => {
      expect(await codeOf(asSuper(S.companyDelete, { id: 1 }))).toBe('ERR_COMPANY_PROTECTED');
      expect(await codeOf(asSuper(S.companyUpdate, { id: 1, status: false }))).toBe(
        'ERR_COMPANY_PROTECTED',
      );
      const updated = await asSuper<CompanyView>(S.companyUpdate, { id: 1, dueDate: '2020-01-01' });
      expect(updated.dueDate).toBe('2999-12-31T00:00:00.000Z');
      const { rows } = await rig.app.db.query(
        'SELECT 1 FROM identity.invoices WHERE company_id = 1',
      );
      expect(rows).toHaveLength(0);
    });

    run(
      'records a paid invoice when the due date advances, in the company view of its admin',
      async () => {
        const plan = await newPlan({ amount: '99.5' });
        const company = await newCompany(plan.id, { dueDate: '2026-01-10T12:00:00.000Z' });
        await asSuper(S.companyUpdate, { id: company.id, name: `${company.name} renamed` });
        const advanced = await asSuper<CompanyView>(S.companyUpdate, {
          id: company.id,
          dueDate: '2026-02-10T12:00:00.000Z',
        });
        expect(advanced.dueDate).toBe('2026-02-10T12:00:00.000Z');
        const adminCtx = {
          companyId: company.id,
          userId: 1,
          profile: 'admin' as const,
          super: false,
        };
        const invoices = await rig.app.request<InvoiceView[]>(S.invoiceList, {}, adminCtx);
        expect(invoices).toEqual([
          expect.objectContaining({
            companyId: company.id,
            value: '99.50',
            status: 'paid',
            dueDate: '2026-01-10T12:00:00.000Z',
          }),
        ]);
        // an earlier date or null records nothing
        await asSuper(S.companyUpdate, { id: company.id, dueDate: '2026-01-20T12:00:00.000Z' });
        await asSuper(S.companyUpdate, { id: company.id, dueDate: null });
        expect(await rig.app.request<InvoiceView[]>(S.invoiceList, {}, adminCtx)).toHaveLength(1);
        // agents do not see invoices; other companies see their own only
        expect(
          await codeOf(rig.app.request(S.invoiceList, {}, { ...adminCtx, profile: 'user' })),
        ).toBe('ERR_NO_PERMISSION');
        expect(
          await rig.app.request<InvoiceView[]>(S.invoiceList, {}, { ...adminCtx, companyId: 1 }),
        ).toEqual([]);
      },
    );

    run('refuses to delete a plan in use, then deletes company and plan', async () => {
      const plan = await newPlan();
      const company = await newCompany(plan.id);
      expect(await codeOf(asSuper(S.planDelete, { id: plan.id }))).toBe('ERR_PLAN_IN_USE');
      await asSuper(S.companyDelete, { id: company.id });
      expect(await outbox(`evt.${company.id}.identity.company.deleted`)).toBe(1);
      expect(await codeOf(asSuper(S.companyGet, { id: company.id }))).toBe('ERR_NO_COMPANY_FOUND');
      await expect(asSuper(S.planDelete, { id: plan.id })).resolves.toEqual({ id: plan.id });
      expect(await codeOf(asSuper(S.planDelete, { id: plan.id }))).toBe('ERR_NO_PLAN_FOUND');
    });

    run(
      'lets a company admin set its own schedules and read its own plan, nobody else',
      async () => {
        const plan = await newPlan();
        const company = await newCompany(plan.id);
        const own = { companyId: company.id, userId: 2, profile: 'admin' as const, super: false };
        const schedules = [
          {
            weekday: 'Lunes',
            weekdayEn: 'monday',
            startTimeA: '08:00',
            endTimeA: '12:00',
            startTimeB: '',
            endTimeB: '',
          },
        ];
        const saved = await rig.app.request<CompanyView>(
          S.companySchedules,
          { id: company.id, schedules },
          own,
        );
        expect(saved.schedules).toEqual(schedules);
        expect(
          await codeOf(
            rig.app.request(
              S.companySchedules,
              { id: company.id, schedules },
              { ...own, profile: 'user' },
            ),
          ),
        ).toBe('ERR_NO_PERMISSION');
        expect(await codeOf(rig.app.request(S.companySchedules, { id: 1, schedules }, own))).toBe(
          'ERR_NO_COMPANY_FOUND',
        );
        const mine = await rig.app.request<CompanyPlanView>(
          S.companyPlan,
          { companyId: company.id },
          {
            ...own,
            profile: 'user',
          },
        );
        expect(mine.plan).toMatchObject({ id: plan.id, useWhatsapp: true });
        expect(await codeOf(rig.app.request(S.companyPlan, { companyId: 1 }, own))).toBe(
          'ERR_NO_COMPANY_FOUND',
        );
      },
    );

    run('answers plan limits to other services and enforces the users limit', async () => {
      const plan = await newPlan({ users: 2, useFacebook: false });
      const company = await newCompany(plan.id);
      const limits = await rig.app.request<PlanLimitsReply>(S.planLimits, {
        companyId: company.id,
      });
      expect(limits).toMatchObject({
        companyId: company.id,
        planId: plan.id,
        limits: { users: 2, connections: 1, queues: 3 },
      });
      expect(limits.flags.useFacebook).toBe(false);
      // the company's standing, for callers without a session (the external messages API)
      expect(limits).toMatchObject({ status: true, dueDate: company.dueDate });
      const lapsed = await asSuper<CompanyView>(S.companyUpdate, {
        id: company.id,
        status: false,
        dueDate: '2020-01-31',
      });
      const changed = await rig.app.request<PlanLimitsReply>(S.planLimits, {
        companyId: company.id,
      });
      expect(changed.status).toBe(false);
      expect(changed.dueDate).toBe(new Date(lapsed.dueDate!).toISOString());
      expect(Date.parse(changed.dueDate)).toBeLessThan(Date.parse('2020-02-02'));
      await asSuper(S.companyUpdate, { id: company.id, status: true });
      // the service's own DataSource: the users engineer calls assertUserLimit inside its transaction
      const { dataSource } = rig.app.service as unknown as { dataSource: DataSource };
      await dataSource.transaction((manager) => assertUserLimit(manager, company.id));
      await rig.app.given.newUser(company.id, { email: `second-${kind}@acme.test` });
      await expect(
        dataSource.transaction((manager) => assertUserLimit(manager, company.id)),
      ).rejects.toMatchObject({ code: 'ERR_PLAN_LIMIT_REACHED' });
    });

    run(
      "shows each company's connections and queues, counted by connectors and tickets",
      async () => {
        const plan = await newPlan();
        const company = await newCompany(plan.id);
        const search = { searchParam: company.name };
        // neither service answers: the list still loads, the counts unknown
        const alone = await asSuper<CompaniesPage>(S.companyPage, search);
        expect(alone.companies[0]).toMatchObject({ connectionsCount: null, queuesCount: null });

        const asked: { subject: string; super: boolean; companyIds: number[] }[] = [];
        const answer = (subject: string, count: number) =>
          rig.bus!.handle(subject, (payload: BusRequest) => {
            const { companyIds } = payload.data as CompanyCountsRequest;
            asked.push({ subject, super: payload.ctx.super, companyIds });
            return Promise.resolve({
              counts: companyIds.map((companyId) => ({ companyId, count })),
            });
          });
        const subscriptions = await Promise.all([
          answer(Subjects.connectors.connectionCount, 2),
          answer(Subjects.tickets.queueCount, 3),
        ]);
        try {
          const page = await asSuper<CompaniesPage>(S.companyPage, search);
          expect(page.companies[0]).toMatchObject({
            id: company.id,
            connectionsCount: 2,
            queuesCount: 3,
          });
          const one = await asSuper<CompanyRecordView>(S.companyGet, { id: company.id });
          expect(one).toMatchObject({ connectionsCount: 2, queuesCount: 3 });
          // asked as the super user, for the page's companies only
          expect(asked).toContainEqual({
            subject: Subjects.tickets.queueCount,
            super: true,
            companyIds: [company.id],
          });
        } finally {
          await Promise.all(subscriptions.map((subscription) => subscription.unsubscribe()));
        }
      },
    );
  },
);
