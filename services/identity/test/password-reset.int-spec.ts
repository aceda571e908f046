import {
  Subjects,
  type BusRequest,
  type IssuedSession,
  type NotificationSendRequest,
  type PasswordUpdateReply,
  type ResetRequestReply,
  type ResetVerifyReply,
} from '@sb/contracts';
import { useServiceTestRig, type UserFixture } from '@sb/testing';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import { startIdentityTestApp, type BusKind, IntegrationBuses } from './identity-test-app.js';

const S = Subjects.identity;

describe.each<BusKind>(IntegrationBuses)('password reset over the %s bus', (kind) => {
  let companyId: number;
  const sent: NotificationSendRequest[] = [];
  let senders: BusSubscription[] = [];

  /** Stands in for the connectors service: captures the texts it is asked to send. */
  const startFakeConnectors = async (bus: Bus) => {
    senders = [
      await bus.handle(Subjects.connectors.notificationSend, async (payload: BusRequest) => {
        sent.push(payload.data as NotificationSendRequest);
        return { sent: true };
      }),
      await bus.handle(Subjects.connectors.health, async () => ({
        service: 'connectors',
        status: 'ok',
        version: 'test',
      })),
    ];
  };
  const stopFakeConnectors = async () => {
    for (const subscription of senders.splice(0)) await subscription.unsubscribe();
  };

  const rig = useServiceTestRig(kind, 'identity-reset-int-spec', async (bus) => {
    const app = await startIdentityTestApp(bus);
    companyId = (await app.given.newCompany({ name: `Reset Co ${kind}` })).id;
    await startFakeConnectors(bus);
    // the fake connectors leave the bus before the app closes it
    const close = async () => {
      await stopFakeConnectors();
      await app.close();
    };
    return { ...app, close };
  });
  const { run } = rig;

  let counter = 0;
  /** A user of the test company with a messaging number of its own. */
  const userWithPhone = async (wpp: string): Promise<UserFixture> => {
    counter += 1;
    const user = await rig.app.given.newUser(companyId, { email: `reset.${counter}@${kind}.test` });
    await rig.app.db.query('UPDATE identity.users SET wpp = $1 WHERE id = $2', [wpp, user.id]);
    return user;
  };
  const phone = () => `+55 (11) 9${String(1000_0000 + counter * 7919).slice(0, 8)}`;

  const requestCode = (wpp: string) =>
    rig.app.request<ResetRequestReply>(S.passwordResetRequest, { wpp });
  const verify = (requestId: string, code: string) =>
    rig.app.request<ResetVerifyReply>(S.passwordResetVerify, { requestId, code });
  const complete = (resetToken: string, newPassword: string) =>
    rig.app.request<PasswordUpdateReply>(S.passwordResetComplete, { resetToken, newPassword });
  const lastCode = () => /\b(\d{6})\b/.exec(sent.at(-1)!.body)![1]!;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  run('sends a 6-digit code to the number and keeps only a keyed hash of it', async () => {
    const wpp = phone();
    const user = await userWithPhone(wpp);
    const before = sent.length;
    const { requestId } = await requestCode(wpp.replace(/\D/g, ''));
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)).toMatchObject({ companyId, to: wpp.replace(/\D/g, '') });
    const code = lastCode();
    const { rows } = await rig.app.db.query(
      `SELECT user_id, attempts, expires_at, row_to_json(r)::text AS stored
         FROM identity.password_resets r WHERE id = $1`,
      [requestId],
    );
    expect(rows[0]).toMatchObject({ user_id: user.id, attempts: 0 });
    expect(rows[0].stored).not.toContain(code);
    const ttl = (rows[0].expires_at as Date).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  run('answers an unknown number the same way, without sending anything', async () => {
    const before = sent.length;
    const reply = await requestCode('+1 555 000 0000');
    expect(Object.keys(reply)).toEqual(['requestId']);
    expect(sent).toHaveLength(before);
    // its request behaves like a real one: wrong codes, then attempts exceeded
    await expect(verify(reply.requestId, '123456')).rejects.toMatchObject({
      code: 'ERR_INVALID_RESET_CODE',
    });
  });

  run('sends at most 3 codes to one number before it waits, known or not', async () => {
    const wpp = phone();
    await userWithPhone(wpp);
    const before = sent.length;
    // the same number however it is typed
    await requestCode(wpp);
    await requestCode(wpp.replace(/\D/g, ''));
    await requestCode(`+${wpp.replace(/\D/g, '')}`);
    expect(sent).toHaveLength(before + 3);
    await expect(requestCode(wpp)).rejects.toMatchObject({
      code: 'ERR_TOO_MANY_REQUESTS',
      status: 429,
    });
    expect(sent).toHaveLength(before + 3);
    const unknown = '+1 555 000 4242';
    for (let i = 0; i < 3; i += 1) await requestCode(unknown);
    await expect(requestCode(unknown)).rejects.toMatchObject({ code: 'ERR_TOO_MANY_REQUESTS' });
  });

  run(
    'refuses a wrong code twice, then answers attempts exceeded even for the right code',
    async () => {
      const wpp = phone();
      await userWithPhone(wpp);
      const { requestId } = await requestCode(wpp);
      const code = lastCode();
      await expect(verify(requestId, wrongCode(code))).rejects.toMatchObject({
        code: 'ERR_INVALID_RESET_CODE',
        status: 400,
      });
      await expect(verify(requestId, wrongCode(code))).rejects.toMatchObject({
        code: 'ERR_INVALID_RESET_CODE',
      });
      await expect(verify(requestId, wrongCode(code))).rejects.toMatchObject({
        code: 'ERR_RESET_ATTEMPTS_EXCEEDED',
      });
      await expect(verify(requestId, code)).rejects.toMatchObject({
        code: 'ERR_RESET_ATTEMPTS_EXCEEDED',
      });
    },
  );

  run('refuses a code after its 5 minutes', async () => {
    const wpp = phone();
    await userWithPhone(wpp);
    const { requestId } = await requestCode(wpp);
    await rig.app.db.query(
      `UPDATE identity.password_resets SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [requestId],
    );
    await expect(verify(requestId, lastCode())).rejects.toMatchObject({
      code: 'ERR_INVALID_RESET_CODE',
    });
  });

  run('a new code replaces the pending one', async () => {
    const wpp = phone();
    await userWithPhone(wpp);
    const first = await requestCode(wpp);
    const firstCode = lastCode();
    await requestCode(wpp);
    await expect(verify(first.requestId, firstCode)).rejects.toMatchObject({
      code: 'ERR_INVALID_RESET_CODE',
    });
  });

  run('changes the password with a verified code and ends every session of the user', async () => {
    const wpp = phone();
    const user = await userWithPhone(wpp);
    const other = await userWithPhone(phone());
    const sessions = [
      await rig.app.request<IssuedSession>(S.login, { email: user.email, password: user.password }),
      await rig.app.request<IssuedSession>(S.login, { email: user.email, password: user.password }),
    ];
    const otherSession = await rig.app.request<IssuedSession>(S.login, {
      email: other.email,
      password: other.password,
    });

    const { requestId } = await requestCode(wpp);
    const verified = await verify(requestId, lastCode());
    expect(verified).toEqual({ verified: true, resetToken: expect.any(String) });
    expect(JSON.stringify(verified)).not.toContain(lastCode());
    await expect(complete(verified.resetToken, 'brand-new-pw')).resolves.toEqual({ updated: true });

    await expect(
      rig.app.request(S.login, { email: user.email, password: user.password }),
    ).rejects.toMatchObject({ code: 'ERR_INVALID_CREDENTIALS' });
    await expect(
      rig.app.request<IssuedSession>(S.login, { email: user.email, password: 'brand-new-pw' }),
    ).resolves.toMatchObject({ user: { id: user.id } });

    const { rows } = await rig.app.db.query<{ id: string; revoked_reason: string | null }>(
      'SELECT id, revoked_reason FROM identity.sessions WHERE id = ANY($1)',
      [[...sessions, otherSession].map((s) => s.sessionId)],
    );
    const reasons = Object.fromEntries(rows.map((row) => [row.id, row.revoked_reason]));
    expect(reasons[sessions[0]!.sessionId]).toBe('password-reset');
    expect(reasons[sessions[1]!.sessionId]).toBe('password-reset');
    expect(reasons[otherSession.sessionId]).toBeNull();
    for (const session of sessions) {
      await expect(
        rig.app.request(S.refresh, { refreshToken: session.refreshToken }),
      ).rejects.toMatchObject({ code: 'ERR_INVALID_TOKEN' });
    }
    const revokedEvents = await rig.app.db.query(
      `SELECT 1 FROM identity.outbox_event
        WHERE subject = $1 AND payload->>'userId' = $2`,
      [`evt.${companyId}.identity.session.revoked`, String(user.id)],
    );
    expect(revokedEvents.rowCount).toBe(2);

    // the token is spent
    await expect(complete(verified.resetToken, 'third-password')).rejects.toMatchObject({
      code: 'ERR_INVALID_RESET_CODE',
    });
  });

  run('binds the reset token to its user and refuses unknown or expired tokens', async () => {
    const wppA = phone();
    const a = await userWithPhone(wppA);
    const b = await userWithPhone(phone());
    const hashOf = async (id: number) =>
      (await rig.app.db.query('SELECT password_hash FROM identity.users WHERE id = $1', [id]))
        .rows[0].password_hash as string;
    const bBefore = await hashOf(b.id);

    const { requestId } = await requestCode(wppA);
    const { resetToken } = await verify(requestId, lastCode());
    await expect(complete('x'.repeat(43), 'forged-pw')).rejects.toMatchObject({
      code: 'ERR_INVALID_RESET_CODE',
    });
    await rig.app.db.query(
      `UPDATE identity.password_resets SET reset_token_expires_at = now() - interval '1 second'
        WHERE id = $1`,
      [requestId],
    );
    await expect(complete(resetToken, 'late-password')).rejects.toMatchObject({
      code: 'ERR_INVALID_RESET_CODE',
    });
    await rig.app.db.query(
      `UPDATE identity.password_resets SET reset_token_expires_at = now() + interval '5 minutes'
        WHERE id = $1`,
      [requestId],
    );
    await complete(resetToken, 'a-new-password');
    await expect(
      rig.app.request(S.login, { email: a.email, password: 'a-new-password' }),
    ).resolves.toMatchObject({ user: { id: a.id } });
    expect(await hashOf(b.id)).toBe(bBefore);
  });

  run('validates the inputs, naming the fields', async () => {
    await expect(requestCode('abc')).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { wpp: expect.any(Array) },
    });
    await expect(verify('not-a-uuid', '12')).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { requestId: expect.any(Array), code: expect.any(Array) },
    });
    await expect(complete('short', '123')).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
      fields: { resetToken: expect.any(Array), newPassword: expect.any(Array) },
    });
  });

  run(
    'answers 503 while no connectors service can send, for known and unknown numbers',
    async () => {
      const wpp = phone();
      const user = await userWithPhone(wpp);
      await stopFakeConnectors();
      try {
        await expect(requestCode(wpp)).rejects.toMatchObject({
          code: 'ERR_SERVICE_UNAVAILABLE',
          status: 503,
        });
        await expect(requestCode('+1 555 000 0001')).rejects.toMatchObject({
          code: 'ERR_SERVICE_UNAVAILABLE',
        });
        const pending = await rig.app.db.query(
          'SELECT 1 FROM identity.password_resets WHERE user_id = $1',
          [user.id],
        );
        expect(pending.rowCount).toBe(0);
      } finally {
        await startFakeConnectors(rig.bus!);
      }
    },
  );
});
