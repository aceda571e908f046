import { CompanySettingKeys, Subjects, type IssuedSession, type SignupResult } from '@sb/contracts';
import {
  ADMIN_EMAIL,
  useIdentityTestApp,
  type BusKind,
  IntegrationBuses,
} from './identity-test-app.js';

const S = Subjects.identity;

describe.each<BusKind>(IntegrationBuses)('signup over the %s bus', (kind) => {
  const rig = useIdentityTestApp(kind, 'identity-signup-int-spec');
  let publicPlanId: number;
  let privatePlanId: number;

  beforeAll(async () => {
    if (!rig.bus) return;
    // the seeded plan is not public; signup offers only public plans
    privatePlanId = (
      await rig.app.db.query<{ id: number }>('SELECT id FROM identity.plans LIMIT 1')
    ).rows[0]!.id;
    const plan = await rig.app.given.newPlan({
      name: 'Start',
      users: 3,
      connections: 1,
      queues: 2,
      amount: 49.9,
      isPublic: true,
    });
    publicPlanId = plan.id;
  });

  const { run } = rig;

  let counter = 0;
  const form = (changes: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      name: 'Ana Souza',
      companyName: `Acme ${kind} ${counter}`,
      email: `ana.${counter}@${kind}.signup.test`,
      password: 'secret-pass',
      phone: '+55 (11) 98888-0000',
      planId: publicPlanId,
      ...changes,
    };
  };
  const signup = (data: unknown) => rig.app.request<SignupResult>(S.signup, data);

  run('creates a company on a 3-day trial, its admin, its settings and the events', async () => {
    const input = form({ email: 'Ana.Owner@Example.TEST' });
    const before = Date.now();
    const result = await signup(input);

    const company = (
      await rig.app.db.query(
        'SELECT name, email, phone, plan_id, status, due_date FROM identity.companies WHERE id = $1',
        [result.companyId],
      )
    ).rows[0];
    expect(company).toMatchObject({
      name: input.companyName,
      email: 'ana.owner@example.test',
      plan_id: publicPlanId,
      status: true,
    });
    const trialMs = (company.due_date as Date).getTime() - before;
    expect(trialMs).toBeGreaterThanOrEqual(3 * 86_400_000 - 1000);
    expect(trialMs).toBeLessThanOrEqual(3 * 86_400_000 + 60_000);

    const user = (
      await rig.app.db.query(
        'SELECT company_id, name, email, profile, super, wpp FROM identity.users WHERE id = $1',
        [result.userId],
      )
    ).rows[0];
    expect(user).toEqual({
      company_id: result.companyId,
      name: 'Ana Souza',
      email: 'ana.owner@example.test',
      profile: 'admin',
      super: false,
      wpp: '5511988880000',
    });

    const settings = await rig.app.db.query(
      'SELECT key FROM identity.company_settings WHERE company_id = $1',
      [result.companyId],
    );
    expect(settings.rows.map((row) => row.key).sort()).toEqual([...CompanySettingKeys].sort());

    const events = await rig.app.db.query<{ subject: string }>(
      'SELECT subject FROM identity.outbox_event WHERE subject LIKE $1 ORDER BY subject',
      [`evt.${result.companyId}.%`],
    );
    expect(events.rows.map((row) => row.subject)).toEqual([
      `evt.${result.companyId}.identity.company.created`,
      `evt.${result.companyId}.identity.user.created`,
    ]);

    // the new admin logs in on the new company
    const session = await rig.app.request<IssuedSession>(S.login, {
      email: 'ana.owner@example.test',
      password: input.password,
    });
    expect(session.user).toMatchObject({
      companyId: result.companyId,
      profile: 'admin',
      super: false,
    });
  });

  run(
    'ignores a companyId or profile in the body: always a new company and its admin',
    async () => {
      const result = await signup(form({ companyId: 1, profile: 'super', super: true }));
      expect(result.companyId).not.toBe(1);
      const user = (
        await rig.app.db.query('SELECT profile, super FROM identity.users WHERE id = $1', [
          result.userId,
        ])
      ).rows[0];
      expect(user).toEqual({ profile: 'admin', super: false });
    },
  );

  run('refuses a company name already taken, whatever its case', async () => {
    const first = form();
    await signup(first);
    await expect(
      signup(form({ companyName: first.companyName.toUpperCase() })),
    ).rejects.toMatchObject({
      code: 'ERR_COMPANY_NAME_ALREADY_EXISTS',
      status: 409,
    });
  });

  run('refuses an email already used by any user, and creates nothing', async () => {
    const input = form({ email: ADMIN_EMAIL.toUpperCase() });
    await expect(signup(input)).rejects.toMatchObject({
      code: 'ERR_EMAIL_ALREADY_EXISTS',
      status: 409,
    });
    const companies = await rig.app.db.query('SELECT 1 FROM identity.companies WHERE name = $1', [
      input.companyName,
    ]);
    expect(companies.rowCount).toBe(0);
  });

  run('refuses a plan that is not public, or does not exist', async () => {
    for (const planId of [privatePlanId, 999_999]) {
      await expect(signup(form({ planId }))).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        status: 400,
        fields: { planId: expect.any(Array) },
      });
    }
  });

  run('validates every field of spec 1 §5, naming them', async () => {
    const err = await signup({
      name: 'A',
      companyName: 'x'.repeat(51),
      email: 'not-an-email',
      password: '1234',
      phone: '',
    }).catch((error: unknown) => error);
    expect(err).toMatchObject({ code: 'ERR_VALIDATION', status: 400 });
    expect(Object.keys((err as { fields: object }).fields).sort()).toEqual(
      ['companyName', 'email', 'name', 'password', 'phone', 'planId'].sort(),
    );
  });

  run('is refused while the platform setting userCreation is disabled', async () => {
    await rig.app.db.query(
      `UPDATE identity.settings SET value = 'disabled' WHERE key = 'userCreation'`,
    );
    try {
      const input = form();
      await expect(signup(input)).rejects.toMatchObject({
        code: 'ERR_USER_CREATION_DISABLED',
        status: 403,
      });
      const users = await rig.app.db.query('SELECT 1 FROM identity.users WHERE email = $1', [
        input.email,
      ]);
      expect(users.rowCount).toBe(0);
    } finally {
      await rig.app.db.query(
        `UPDATE identity.settings SET value = 'enabled' WHERE key = 'userCreation'`,
      );
    }
  });
});
