import type { CompanyView, PlanView } from '@sb/contracts';
import type { RunningService } from '@sb/platform/nest';
import type { TestDatabase } from '@sb/testing';
import type { RunningGateway } from '@sb/gateway';
import {
  busKinds,
  type BusPair,
  json,
  jwtSecret,
  signAccessToken,
  startIdentityStack,
  stopIdentityStack,
} from './support/gateway-harness.js';

// Who may call the company, plan and invoice routes: super, an admin and an agent of company A, and an
// admin of company B (2xx / 403 / 404), through the gateway and the real identity.

const kinds = await busKinds();

describe.each(kinds)('companies, plans and invoices through the gateway over the $name', (kind) => {
  let database: TestDatabase;
  let buses: BusPair;
  let identity: RunningService;
  let gateway: RunningGateway;
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: 'root@api.test',
    ADMIN_PASSWORD: 'root-pass-1',
  };
  const tokens: Record<'super' | 'adminA' | 'userA' | 'adminB' | 'expiredA', string> = {
    super: '',
    adminA: '',
    userA: '',
    adminB: '',
    expiredA: '',
  };
  let plan: PlanView;
  let companyA: CompanyView;
  let companyB: CompanyView;

  const call = (path: string, as?: keyof typeof tokens, method = 'GET', body?: unknown) =>
    fetch(`${gateway.url}${path}`, {
      method,
      headers: {
        ...(as ? { authorization: `Bearer ${tokens[as]}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const status = async (path: string, as?: keyof typeof tokens, method = 'GET', body?: unknown) =>
    (await call(path, as, method, body)).status;

  beforeAll(async () => {
    ({ database, buses, identity, gateway } = await startIdentityStack(kind, {
      database: 'gateway_companies_api',
      env,
    }));
    tokens.super = await signAccessToken({ sub: '1', cid: 1, super: true, profile: 'admin' });
    plan = await json(
      await call('/plans', 'super', 'POST', {
        name: 'Basic',
        users: 3,
        connections: 1,
        queues: 2,
        amount: 19.9,
      }),
    );
    const create = async (name: string) =>
      (await json(
        await call('/companies', 'super', 'POST', {
          name,
          email: `${name.toLowerCase()}@api.test`,
          password: 'secret-1',
          planId: plan.id,
          dueDate: '2026-01-05T12:00:00.000Z',
        }),
      )) as CompanyView;
    companyA = await create('Alpha');
    companyB = await create('Beta');
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
    tokens.adminA = await signAccessToken({
      sub: '2',
      cid: companyA.id,
      profile: 'admin',
      due: future,
    });
    tokens.userA = await signAccessToken({
      sub: '3',
      cid: companyA.id,
      profile: 'user',
      due: future,
    });
    tokens.adminB = await signAccessToken({
      sub: '4',
      cid: companyB.id,
      profile: 'admin',
      due: future,
    });
    tokens.expiredA = await signAccessToken({
      sub: '2',
      cid: companyA.id,
      profile: 'admin',
      due: new Date(Date.now() - 86_400_000).toISOString(),
    });
  }, 90_000);

  afterAll(async () => {
    await stopIdentityStack({ gateway, identity, buses, database });
  }, 30_000);

  it('created both companies with the plan', () => {
    expect(plan).toMatchObject({ amount: '19.90', useWhatsapp: true });
    expect(companyA).toMatchObject({ name: 'Alpha', planId: plan.id, usersCount: 1 });
  });

  it('keeps company administration to the super user', async () => {
    expect(await status('/companies?searchParam=alp', 'super')).toBe(200);
    const page = await json(await call('/companies?searchParam=alp', 'super'));
    expect(page).toMatchObject({ count: 1, hasMore: false });
    for (const as of ['adminA', 'userA', 'adminB'] as const) {
      expect(await status('/companies', as)).toBe(403);
      expect(await status('/companies/list', as)).toBe(403);
      expect(await status(`/companies/${companyA.id}`, as)).toBe(403);
      expect(await status(`/companies/${companyA.id}`, as, 'PUT', { name: 'Hijack' })).toBe(403);
      expect(await status(`/companies/${companyA.id}`, as, 'DELETE')).toBe(403);
      expect(await status('/companies', as, 'POST', {})).toBe(403);
    }
    expect(await status('/companies')).toBe(401);
    expect(await status('/companies/list', 'super')).toBe(200);
    expect(await status(`/companies/${companyA.id}`, 'super')).toBe(200);
    expect(await status('/companies/999999', 'super')).toBe(404);
  });

  it('answers 400 naming fields, 409 for a taken name, 403 for company 1', async () => {
    const bad = await call('/companies', 'super', 'POST', { name: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields)).toEqual(
      expect.arrayContaining(['name', 'email', 'planId', 'password']),
    );
    const taken = await call('/companies', 'super', 'POST', {
      name: 'alpha',
      email: 'other@api.test',
      password: 'secret-1',
      planId: plan.id,
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error).toBe('ERR_COMPANY_NAME_ALREADY_EXISTS');
    const protectedOne = await call('/companies/1', 'super', 'DELETE');
    expect(protectedOne.status).toBe(403);
    expect((await json(protectedOne)).error).toBe('ERR_COMPANY_PROTECTED');
  });

  it('lets an admin set only its own company schedules', async () => {
    const schedules = [
      {
        weekday: 'Lunes',
        weekdayEn: 'monday',
        startTimeA: '08:00',
        endTimeA: '12:00',
        startTimeB: '13:00',
        endTimeB: '18:00',
      },
    ];
    expect(
      await status(`/companies/${companyA.id}/schedules`, 'adminA', 'PUT', { schedules }),
    ).toBe(200);
    expect(await status(`/companies/${companyA.id}/schedules`, 'userA', 'PUT', { schedules })).toBe(
      403,
    );
    expect(
      await status(`/companies/${companyA.id}/schedules`, 'adminB', 'PUT', { schedules }),
    ).toBe(404);
    expect(await status(`/companies/${companyA.id}/schedules`, 'super', 'PUT', { schedules })).toBe(
      200,
    );
    const read = await call(`/companies/${companyA.id}/schedules`, 'adminA');
    expect(read.status).toBe(200);
    expect(await json(read)).toEqual({
      id: companyA.id,
      schedules,
      timeZone: 'America/Sao_Paulo',
    });
    expect(await status(`/companies/${companyA.id}/schedules`, 'userA')).toBe(403);
    expect(await status(`/companies/${companyA.id}/schedules`, 'adminB')).toBe(404);
  });

  it("shows a company's plan to its own users and the super user only", async () => {
    const own = await call(`/companies/listPlan/${companyA.id}`, 'userA');
    expect(own.status).toBe(200);
    expect((await json(own)).plan).toMatchObject({ id: plan.id, useKanban: true });
    expect(await status(`/companies/listPlan/${companyA.id}`, 'adminB')).toBe(404);
    expect(await status(`/companies/listPlan/${companyA.id}`, 'super')).toBe(200);
  });

  it('lists public plans without a token and keeps plan changes to the super user', async () => {
    const list = await call('/plans/list');
    expect(list.status).toBe(200);
    expect((await json(list)).map((p: PlanView) => p.name)).toContain('Basic');
    expect(await status('/plans/all', 'super')).toBe(200);
    for (const as of ['adminA', 'userA'] as const) {
      expect(await status('/plans/all', as)).toBe(403);
      expect(
        await status('/plans', as, 'POST', { name: 'X', users: 1, connections: 1, queues: 1 }),
      ).toBe(403);
      expect(await status(`/plans/${plan.id}`, as, 'PUT', { users: 99 })).toBe(403);
      expect(await status(`/plans/${plan.id}`, as, 'DELETE')).toBe(403);
    }
    const inUse = await call(`/plans/${plan.id}`, 'super', 'DELETE');
    expect(inUse.status).toBe(409);
    expect((await json(inUse)).error).toBe('ERR_PLAN_IN_USE');
    const duplicate = await call('/plans', 'super', 'POST', {
      name: 'basic',
      users: 1,
      connections: 1,
      queues: 1,
    });
    expect((await json(duplicate)).error).toBe('ERR_PLAN_NAME_ALREADY_EXISTS');
  });

  it("shows invoices to the company's admins, even expired, never to agents or other companies", async () => {
    const advanced = await call(`/companies/${companyA.id}`, 'super', 'PUT', {
      dueDate: '2026-02-05T12:00:00.000Z',
    });
    expect(advanced.status).toBe(200);
    const mine = await call('/invoices/all', 'adminA');
    expect(mine.status).toBe(200);
    expect(await json(mine)).toEqual([
      expect.objectContaining({ companyId: companyA.id, value: '19.90', status: 'paid' }),
    ]);
    expect(await json(await call('/invoices/all', 'adminB'))).toEqual([]);
    expect(await status('/invoices/all', 'userA')).toBe(403);
    expect(await status('/invoices/all', 'expiredA')).toBe(200);
    expect(await status(`/companies/listPlan/${companyA.id}`, 'expiredA')).toBe(402);
  });
});
