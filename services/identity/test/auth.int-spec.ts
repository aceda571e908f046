import {
  PlanFlags,
  SettingDefaults,
  Subjects,
  type AccessTokenClaims,
  type IssuedSession,
  type RevokedSessionsReply,
  type SessionUser,
} from '@sb/contracts';
import { jwtVerify } from 'jose';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  JWT_SECRET,
  useIdentityTestApp,
  type BusKind,
  IntegrationBuses,
} from './identity-test-app.js';

const S = Subjects.identity;

/** A working window that excludes the current minute on the UTC clock. */
const windowExcludingNow = () => {
  const hour = (new Date().getUTCHours() + 2) % 24;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { startWork: `${pad(hour)}:00`, endWork: `${pad(hour)}:30` };
};

describe.each<BusKind>(IntegrationBuses)('identity auth over the %s bus', (kind) => {
  const rig = useIdentityTestApp(kind, 'identity-auth-int-spec');
  const { run } = rig;

  const login = (email: string, password: string, extra: object = {}) =>
    rig.app.request<IssuedSession>(S.login, { email, password, ...extra });

  const ctxOf = (session: IssuedSession) => ({
    companyId: session.user.companyId,
    userId: session.user.id,
    profile: session.user.profile,
    super: session.user.super,
  });

  const outboxSubjects = async (): Promise<string[]> => {
    const { rows } = await rig.app.db.query<{ subject: string }>(
      'SELECT subject FROM identity.outbox_event ORDER BY occurred_at, subject',
    );
    return rows.map((row) => row.subject);
  };

  run('answers its health check', async () => {
    await expect(rig.app.request(S.health, {})).resolves.toMatchObject({
      service: 'identity',
      status: 'ok',
    });
  });

  run('logs the seeded super admin in, with company 1, its plan and settings', async () => {
    const session = await login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD, { ip: '10.0.0.1' });
    expect(session.user).toMatchObject({ email: ADMIN_EMAIL, profile: 'admin', super: true });
    expect(session.user.company).toMatchObject({
      id: 1,
      dueDate: '2999-12-31T00:00:00.000Z',
      status: true,
    });
    for (const flag of PlanFlags) expect(session.user.company.plan[flag]).toBe(true);
    expect(session.user.company.companieSettings).toContainEqual({
      key: 'sendSignMessage',
      value: SettingDefaults.sendSignMessage,
    });
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(session.refreshExpiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86400e3);

    const { payload } = await jwtVerify(session.accessToken, new TextEncoder().encode(JWT_SECRET));
    const claims = payload as unknown as AccessTokenClaims;
    expect(claims).toMatchObject({
      sub: String(session.user.id),
      cid: 1,
      profile: 'admin',
      super: true,
      sid: session.sessionId,
      due: '2999-12-31T00:00:00.000Z',
    });
    expect(claims.flags).toEqual([...PlanFlags]);

    const { rows } = await rig.app.db.query(
      'SELECT ip, current_token_hash FROM identity.sessions WHERE id = $1',
      [session.sessionId],
    );
    expect(rows[0].ip).toBe('10.0.0.1');
    expect(rows[0].current_token_hash).not.toBe(session.refreshToken);
    const company = await rig.app.db.query(
      'SELECT last_login FROM identity.companies WHERE id = 1',
    );
    expect(company.rows[0].last_login).not.toBeNull();
    expect(await outboxSubjects()).toContain('evt.1.identity.session.created');
  });

  run('refuses a wrong password and an unknown email alike', async () => {
    await expect(login(ADMIN_EMAIL, 'wrong-password')).rejects.toMatchObject({
      code: 'ERR_INVALID_CREDENTIALS',
      status: 401,
    });
    await expect(login('nobody@switchboard.test', ADMIN_PASSWORD)).rejects.toMatchObject({
      code: 'ERR_INVALID_CREDENTIALS',
      status: 401,
    });
  });

  run('locks an account after 5 failed logins, answering as a wrong password does', async () => {
    const user = await rig.app.given.newUser(1, { email: `locked-${kind}@auth.test` });
    const refused = { code: 'ERR_INVALID_CREDENTIALS', status: 401 };
    for (let i = 0; i < 6; i += 1) {
      await expect(login(user.email, `wrong-${i}`)).rejects.toMatchObject(refused);
    }
    const { rows } = await rig.app.db.query<{ failures: number; lock_ms: number }>(
      `SELECT failures, extract(epoch FROM locked_until - last_failed_at) * 1000 AS lock_ms
         FROM identity.account_throttles WHERE kind = 'login'`,
    );
    // one row per account (hashed key): the sixth failure locked it for 1 s
    expect(rows.some((row) => row.failures === 6 && Number(row.lock_ms) === 1000)).toBe(true);
    // while locked (held longer here: a loaded machine may take over 1 s for the next login), the
    // right password (in another case) gets the same answer, and the locked try is not counted
    await rig.app.db.query(
      `UPDATE identity.account_throttles SET locked_until = now() + interval '1 minute'
        WHERE failures = 6`,
    );
    await expect(login(user.email.toUpperCase(), user.password)).rejects.toMatchObject(refused);
    expect(
      (await rig.app.db.query(`SELECT 1 FROM identity.account_throttles WHERE failures = 6`))
        .rowCount,
    ).toBeGreaterThan(0);
    // once the lock is over, the right password opens a session and clears the count
    await rig.app.db.query(
      `UPDATE identity.account_throttles SET locked_until = now() - interval '1 second'`,
    );
    await expect(login(user.email, user.password)).resolves.toMatchObject({
      user: { email: user.email },
    });
    const after = await rig.app.db.query(
      `SELECT 1 FROM identity.account_throttles WHERE failures = 6`,
    );
    expect(after.rowCount).toBe(0);
  });

  run('counts failures for unknown emails too, with the very same answer', async () => {
    const answers: unknown[] = [];
    for (let i = 0; i < 8; i += 1) {
      answers.push(await login(`ghost-${kind}@auth.test`, 'whatever').catch((err: unknown) => err));
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ code: 'ERR_INVALID_CREDENTIALS', status: 401 });
    const { rows } = await rig.app.db.query(
      `SELECT 1 FROM identity.account_throttles WHERE kind = 'login' AND locked_until IS NOT NULL`,
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  run('names the missing or malformed login fields', async () => {
    await expect(rig.app.request(S.login, { email: 'not-an-email' })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      status: 400,
      fields: { email: expect.any(Array), password: expect.any(Array) },
    });
  });

  run('refuses a login outside the working hours on the company clock', async () => {
    const companyId = (
      await rig.app.given.newCompany({ name: `Night shift ${kind}`, timezone: 'UTC' })
    ).id;
    const user = await rig.app.given.newUser(companyId, {
      email: `late-${kind}@acme.test`,
      ...windowExcludingNow(),
    });
    await expect(login(user.email, user.password)).rejects.toMatchObject({
      code: 'ERR_OUT_OF_HOURS',
      status: 401,
    });
  });

  run('refuses the users of a company the platform switched off', async () => {
    const companyId = (await rig.app.given.newCompany({ name: `Paused ${kind}`, timezone: 'UTC' }))
      .id;
    const user = await rig.app.given.newUser(companyId, { email: `paused-${kind}@acme.test` });
    const session = await login(user.email, user.password);
    await rig.app.db.query('UPDATE identity.companies SET status = false WHERE id = $1', [
      companyId,
    ]);
    await expect(login(user.email, user.password)).rejects.toMatchObject({
      code: 'ERR_COMPANY_INACTIVE',
      status: 403,
    });
    await expect(
      rig.app.request(S.refresh, { refreshToken: session.refreshToken }),
    ).rejects.toMatchObject({ code: 'ERR_COMPANY_INACTIVE' });
  });

  run('answers me with the session user of the context', async () => {
    const session = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const me = await rig.app.request<SessionUser>(S.me, {}, ctxOf(session));
    expect(me).toEqual(session.user);
  });

  run('rotates the refresh token, and a reused one revokes the whole family', async () => {
    const first = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const second = await rig.app.request<IssuedSession>(S.refresh, {
      refreshToken: first.refreshToken,
    });
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user.id).toBe(first.user.id);
    const third = await rig.app.request<IssuedSession>(S.refresh, {
      refreshToken: second.refreshToken,
    });

    // a token two rotations old comes back: someone copied it
    await expect(
      rig.app.request(S.refresh, { refreshToken: first.refreshToken }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_TOKEN', status: 401 });
    // the whole family is gone, the legitimate holder included
    await expect(
      rig.app.request(S.refresh, { refreshToken: third.refreshToken }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_TOKEN', status: 401 });

    const { rows } = await rig.app.db.query(
      'SELECT revoked_reason FROM identity.sessions WHERE id = $1',
      [first.sessionId],
    );
    expect(rows[0].revoked_reason).toBe('reuse');
    const revoked = await rig.app.request<RevokedSessionsReply>(S.revokedSessions, {});
    expect(revoked.sessions.map((s) => s.sessionId)).toContain(first.sessionId);
    expect(await outboxSubjects()).toContain('evt.1.identity.session.revoked');
  });

  run(
    'rotates again the token just rotated away, whose answer a reload lost; later, it revokes',
    async () => {
      const first = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const lost = await rig.app.request<IssuedSession>(S.refresh, {
        refreshToken: first.refreshToken,
      });
      // the browser never saw `lost`: its next page load presents the first token again
      const again = await rig.app.request<IssuedSession>(S.refresh, {
        refreshToken: first.refreshToken,
      });
      expect(again.sessionId).toBe(first.sessionId);
      expect(again.refreshToken).not.toBe(lost.refreshToken);
      const next = await rig.app.request<IssuedSession>(S.refresh, {
        refreshToken: again.refreshToken,
      });

      // past the grace, the token that `next` replaced is a copy: the family goes
      await rig.app.db.query(
        `UPDATE identity.session_rotated_tokens SET rotated_at = rotated_at - interval '1 minute'
        WHERE session_id = $1`,
        [first.sessionId],
      );
      await expect(
        rig.app.request(S.refresh, { refreshToken: again.refreshToken }),
      ).rejects.toMatchObject({ code: 'ERR_INVALID_TOKEN', status: 401 });
      await expect(
        rig.app.request(S.refresh, { refreshToken: next.refreshToken }),
      ).rejects.toMatchObject({ code: 'ERR_INVALID_TOKEN', status: 401 });
    },
  );

  run('refuses a refresh token it never issued', async () => {
    await expect(rig.app.request(S.refresh, { refreshToken: 'made-up' })).rejects.toMatchObject({
      code: 'ERR_INVALID_TOKEN',
    });
  });

  run('logout revokes the session', async () => {
    const session = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(
      rig.app.request(S.logout, { sessionId: session.sessionId }, ctxOf(session)),
    ).resolves.toEqual({});
    await expect(
      rig.app.request(S.refresh, { refreshToken: session.refreshToken }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_TOKEN' });
    const revoked = await rig.app.request<RevokedSessionsReply>(S.revokedSessions, {});
    const entry = revoked.sessions.find((s) => s.sessionId === session.sessionId);
    expect(new Date(entry!.expiresAt).getTime()).toBeGreaterThan(Date.now());
    // a second logout changes nothing and is not an error
    await expect(
      rig.app.request(S.logout, { sessionId: session.sessionId }, ctxOf(session)),
    ).resolves.toEqual({});
  });

  run('logout by refresh token alone (expired access token) revokes too', async () => {
    const session = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await rig.app.request(S.logout, { refreshToken: session.refreshToken });
    await expect(
      rig.app.request(S.refresh, { refreshToken: session.refreshToken }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_TOKEN' });
  });

  run('lets a user change their language, and tells the company', async () => {
    const companyId = (await rig.app.given.newCompany({ name: `Lang ${kind}` })).id;
    const user = await rig.app.given.newUser(companyId, { email: `lang-${kind}@acme.test` });
    const session = await login(user.email, user.password);
    const updated = await rig.app.request<SessionUser>(
      S.userUpdate,
      { id: user.id, language: 'en' },
      ctxOf(session),
    );
    expect(updated.language).toBe('en');
    const me = await rig.app.request<SessionUser>(S.me, {}, ctxOf(session));
    expect(me.language).toBe('en');
    const { rows } = await rig.app.db.query(
      `SELECT payload FROM identity.outbox_event WHERE subject = $1`,
      [`evt.${companyId}.identity.user.updated`],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).toContain('"language":"en"');
  });

  run('refuses an unknown language, naming the field', async () => {
    const session = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(
      rig.app.request(S.userUpdate, { id: session.user.id, language: 'fr' }, ctxOf(session)),
    ).rejects.toMatchObject({ code: 'ERR_VALIDATION', fields: { language: expect.any(Array) } });
  });

  run("answers 404 for another company's user, 403 for a colleague", async () => {
    const companyA = (await rig.app.given.newCompany({ name: `A ${kind}` })).id;
    const companyB = (await rig.app.given.newCompany({ name: `B ${kind}` })).id;
    const alice = await rig.app.given.newUser(companyA, { email: `alice-${kind}@a.test` });
    const colleague = await rig.app.given.newUser(companyA, {
      email: `carl-${kind}@a.test`,
    });
    const bob = await rig.app.given.newUser(companyB, {
      email: `bob-${kind}@b.test`,
      profile: 'admin',
    });
    const bobSession = await login(bob.email, bob.password);
    await expect(
      rig.app.request(S.userUpdate, { id: alice.id, language: 'tr' }, ctxOf(bobSession)),
    ).rejects.toMatchObject({ code: 'ERR_NO_USER_FOUND', status: 404 });
    const aliceSession = await login(alice.email, alice.password);
    await expect(
      rig.app.request(S.userUpdate, { id: colleague.id, language: 'tr' }, ctxOf(aliceSession)),
    ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION', status: 403 });
    const { rows } = await rig.app.db.query('SELECT language FROM identity.users WHERE id = $1', [
      alice.id,
    ]);
    expect(rows[0].language).toBeNull();
  });
});
