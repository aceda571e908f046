import {
  Subjects,
  tenantEraseSubject,
  tenantUsageSubject,
  type BusRequest,
  type CompanyEraseReply,
  type TenantOperationView,
  type CompaniesPage,
  type CompanyCountsRequest,
  type CompanyRecordView,
  type CompanyPlanView,
  type CompanyView,
  type InvoiceView,
  type IssuedSession,
  type PlanLimitsReply,
  type PlanView,
  type TenantUsageReply,
  type TenantUsageRequest,
} from '@sb/contracts';
import { randomUUID } from 'node:crypto';
import type { RunningNestService } from '@sb/platform/nest';
import type { INestApplicationContext } from '@nestjs/common';
import { renderMetrics } from '@sb/platform/ops';
import type { DataSource } from 'typeorm';
import { CompanyUsageMetrics } from '../src/companies/company-usage-metrics.js';
import { assertUserLimit } from '../src/plans/plan-limits.js';
import { TenantOperationsRunner } from '../src/tenant/tenant-operations.runner.js';
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
      // the other services' parts of the erase, played here (tenant-erase.api-spec runs them all)
      const others = ['campaigns', 'connectors', 'tickets', 'reporting'] as const;
      const asked: { service: string; data: unknown; super: boolean }[] = [];
      const parts = await Promise.all(
        others.map((service) =>
          rig.bus!.handle(tenantEraseSubject(service), (payload: BusRequest) => {
            asked.push({ service, data: payload.data, super: payload.ctx.super });
            return Promise.resolve({ service, rows: { things: 1 } });
          }),
        ),
      );
      try {
        const reply = await asSuper<CompanyEraseReply>(S.companyDelete, { id: company.id });
        expect(reply.id).toBe(company.id);
        expect(reply.operation).toMatchObject({
          kind: 'erase',
          companyId: company.id,
          companyName: company.name,
          reason: 'leave',
          status: 'done',
          error: null,
        });
        expect(reply.operation.steps.map((step) => [step.service, step.status])).toEqual(
          ['campaigns', 'connectors', 'tickets', 'reporting', 'identity'].map((service) => [
            service,
            'done',
          ]),
        );
        // identity removed its own rows: the company, its admin, its settings
        expect(reply.operation.steps[4]?.report?.rows).toMatchObject({ companies: 1, users: 1 });
        expect(asked).toEqual(
          others.map((service) => ({
            service,
            data: { companyId: company.id, reason: 'leave', alive: expect.any(Object) },
            super: true,
          })),
        );
        await expect(
          asSuper(S.tenantOperationGet, { id: reply.operation.id }),
        ).resolves.toMatchObject({ id: reply.operation.id, status: 'done' });
        const listed = await asSuper<{ id: string }[]>(S.tenantOperationList, {});
        expect(listed[0]?.id).toBe(reply.operation.id);
        expect(
          await codeOf(rig.app.request(S.tenantOperationList, {}, { ...superCtx, super: false })),
        ).toBe('ERR_NO_PERMISSION');
      } finally {
        await Promise.all(parts.map((part) => part.unsubscribe()));
      }
      expect(await outbox(`evt.${company.id}.identity.company.deleted`)).toBe(1);
      expect(await codeOf(asSuper(S.companyGet, { id: company.id }))).toBe('ERR_NO_COMPANY_FOUND');
      await expect(asSuper(S.planDelete, { id: plan.id })).resolves.toEqual({ id: plan.id });
      expect(await codeOf(asSuper(S.planDelete, { id: plan.id }))).toBe('ERR_NO_PLAN_FOUND');
    });

    run('resumes an erase whose replica died, at the step that did not finish', async () => {
      const plan = await newPlan();
      const company = await newCompany(plan.id);
      const asked: string[] = [];
      const parts = await Promise.all(
        (['campaigns', 'connectors', 'tickets', 'reporting'] as const).map((service) =>
          rig.bus!.handle(tenantEraseSubject(service), () => {
            asked.push(service);
            return Promise.resolve({ service, rows: {} });
          }),
        ),
      );
      try {
        // as a replica left it when it died during tickets' step: its claim lapsed
        const id = randomUUID();
        const done = (service: string) => ({
          service,
          status: 'done',
          report: { service, rows: {} },
        });
        await rig.app.db.query(
          `INSERT INTO identity.tenant_operations
             (id, kind, company_id, company_name, reason, status, steps, started_by, claimed_until)
           VALUES ($1, 'erase', $2, $3, 'leave', 'running', $4, 1, now() - interval '1 minute')`,
          [
            id,
            company.id,
            company.name,
            JSON.stringify([
              done('campaigns'),
              done('connectors'),
              { service: 'tickets', status: 'running' },
              { service: 'reporting', status: 'pending' },
              { service: 'identity', status: 'pending' },
            ]),
          ],
        );
        const runner = (rig.app.service as RunningNestService).app.get(TenantOperationsRunner);
        await runner.resumeLapsed();
        let operation: TenantOperationView | undefined;
        for (let i = 0; i < 100 && operation?.status !== 'done'; i++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          operation = await asSuper<TenantOperationView>(S.tenantOperationGet, { id });
        }
        expect(operation?.status).toBe('done');
        expect(asked).toEqual(['tickets', 'reporting']);
        expect(await codeOf(asSuper(S.companyGet, { id: company.id }))).toBe(
          'ERR_NO_COMPANY_FOUND',
        );
        // a lapsed claim is taken once: nothing is left to resume
        await runner.resumeLapsed();
        expect(asked).toEqual(['tickets', 'reporting']);
      } finally {
        await Promise.all(parts.map((part) => part.unsubscribe()));
      }
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

    run(
      "shows each company's storage, summed over every service, and measures it for the metrics",
      async () => {
        const plan = await newPlan();
        const company = await newCompany(plan.id);
        const search = { searchParam: company.name };
        // identity measures its own rows of the company (the company, its admin, its settings)
        const own = await asSuper<TenantUsageReply>(Subjects.identity.tenantUsage, {
          companyIds: [company.id],
        });
        expect(own.service).toBe('identity');
        const [mine] = own.companies;
        expect(mine).toMatchObject({ companyId: company.id });
        expect(mine!.rows).toBeGreaterThanOrEqual(2);
        expect(mine!.bytes).toBeGreaterThan(0);
        expect(
          await codeOf(
            rig.app.request(
              Subjects.identity.tenantUsage,
              { companyIds: [company.id] },
              { ...superCtx, super: false },
            ),
          ),
        ).toBe('ERR_NO_PERMISSION');

        // the other services, played: 10 rows of 100 bytes each; tickets adds 2 objects of 2500
        const others = ['campaigns', 'connectors', 'tickets', 'reporting'] as const;
        const asked: { service: string; super: boolean; companyIds: number[] }[] = [];
        const play = (service: (typeof others)[number]) =>
          rig.bus!.handle(tenantUsageSubject(service), (payload: BusRequest) => {
            const { companyIds } = payload.data as TenantUsageRequest;
            asked.push({ service, super: payload.ctx.super, companyIds });
            const ids = companyIds.length > 0 ? companyIds : [company.id];
            return Promise.resolve<TenantUsageReply>({
              service,
              companies: ids.map((companyId) => ({
                companyId,
                rows: 10,
                bytes: 1_000,
                ...(service === 'tickets' ? { mediaBytes: 5_000, objects: 2 } : {}),
              })),
            });
          });
        // three of them answer: a sum without the fourth would mislead, so the storage is unknown
        const three = await Promise.all(others.slice(0, 3).map(play));
        try {
          const partial = await asSuper<CompaniesPage>(S.companyPage, search);
          expect(partial.companies[0]).toMatchObject({ id: company.id, storage: null });
        } finally {
          await Promise.all(three.map((subscription) => subscription.unsubscribe()));
        }

        asked.length = 0;
        const all = await Promise.all(others.map(play));
        try {
          // identity's own figures are read again: a page row (the admin's last login) may change
          const [now] = (
            await asSuper<TenantUsageReply>(Subjects.identity.tenantUsage, {
              companyIds: [company.id],
            })
          ).companies;
          const expected = {
            rows: now!.rows + 40,
            bytes: now!.bytes + 4_000,
            mediaBytes: 5_000,
          };
          const page = await asSuper<CompaniesPage>(S.companyPage, search);
          expect(page.companies[0]).toMatchObject({ id: company.id, storage: expected });
          const one = await asSuper<CompanyRecordView>(S.companyGet, { id: company.id });
          expect(one.storage).toEqual(expected);
          // asked as the super user, for the page's companies only
          expect(asked).toContainEqual({
            service: 'tickets',
            super: true,
            companyIds: [company.id],
          });

          // the metrics: every company measured at once, by the operator
          asked.length = 0;
          const { app } = rig.app.service as unknown as { app: INestApplicationContext };
          await app.get(CompanyUsageMetrics).tick();
          expect(asked).toContainEqual({ service: 'tickets', super: true, companyIds: [] });
          const metrics = await renderMetrics();
          const series = (name: string, value: number) =>
            new RegExp(`^${name}\\{company_id="${company.id}"[^}]*\\} ${value}$`, 'm');
          expect(metrics).toMatch(series('switchboard_company_media_bytes', 5_000));
          expect(metrics).toMatch(series('switchboard_company_rows', expected.rows));
          expect(metrics).toMatch(series('switchboard_company_bytes', expected.bytes));
          // the platform company, measured by identity alone here, has its series too
          expect(metrics).toMatch(/^switchboard_company_rows\{company_id="1"[^}]*\} \d+$/m);
        } finally {
          await Promise.all(all.map((subscription) => subscription.unsubscribe()));
        }
      },
    );
  },
);
