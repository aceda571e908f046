import pg from 'pg';
import { startGateway } from '@sb/gateway';
import {
  busKinds,
  json,
  jwtSecret,
  sleep,
  startIdentityStack,
  stopIdentityStack,
  webOrigin,
  type IdentityStack,
} from './support/gateway-harness.js';

// The client address behind a trusted ingress (TRUSTED_PROXIES), the /auth limit per client
// address, and the per-account limit on failed logins, through the gateway and the real identity.

const kinds = await busKinds();
const admin = { email: 'admin@proxies.test', password: 'proxies-admin-pw' };
const LockMs = 1_500;

describe.each(kinds)('client address and login limits over the $name', (kind) => {
  let stack: Partial<IdentityStack> = {};
  const env = {
    JWT_SECRET: jwtSecret,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_RATE_LIMIT: '3',
    AUTH_RATE_WINDOW_MS: '60000',
    // the test's own connection is the ingress
    TRUSTED_PROXIES: '127.0.0.1/32, ::1/128',
    LOGIN_LOCK_BASE_MS: String(LockMs),
  };
  let ipSerial = 0;
  /** A new client address for each call: 198.51.100.x, then 203.0.113.x. */
  const freshIp = () => {
    ipSerial += 1;
    return ipSerial < 250 ? `198.51.100.${ipSerial}` : `203.0.113.${ipSerial - 249}`;
  };
  const viaIngress = (url: string, path: string, forwardedFor: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': forwardedFor,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const login = (forwardedFor: string, credentials: object) =>
    viaIngress(stack.gateway!.url, '/auth/login', forwardedFor, credentials);
  /** credentials of no account, a new email each time (no account lock in the way): 401 */
  let nobodySerial = 0;
  const nobody = () => ({ email: `nobody-${(nobodySerial += 1)}@proxies.test`, password: 'x' });

  beforeAll(async () => {
    stack = await startIdentityStack(kind, { database: 'gateway_client_address', env });
  }, 90_000);

  afterAll(async () => {
    await stopIdentityStack(stack);
  }, 30_000);

  it('gives two users behind one trusted ingress a limit each', async () => {
    const [first, second] = [freshIp(), freshIp()];
    const statuses = async (ip: string, times: number) => {
      const seen: number[] = [];
      for (let i = 0; i < times; i += 1) {
        // what the first client wrote itself sits left of what the ingress appended: never read
        const res = await viaIngress(
          stack.gateway!.url,
          '/auth/login',
          `10.9.9.${i}, ${ip}`,
          nobody(),
        );
        seen.push(res.status);
      }
      return seen;
    };
    expect(await statuses(first, 4)).toEqual([401, 401, 401, 429]);
    expect(await statuses(second, 3)).toEqual([401, 401, 401]);
    // X-Real-IP (nginx) names the client when X-Forwarded-For is absent
    const real = await fetch(`${stack.gateway!.url}/auth/login`, {
      method: 'POST',
      headers: { 'x-real-ip': freshIp(), 'content-type': 'application/json' },
      body: JSON.stringify(nobody()),
    });
    expect(real.status).toBe(401);
  });

  it("ignores an untrusted peer's forged X-Forwarded-For", async () => {
    // a gateway that trusts no proxy: every call below comes from 127.0.0.1, whatever it claims
    const direct = await startGateway({
      bus: stack.buses!.gatewayBus,
      port: 0,
      host: '127.0.0.1',
      webOrigins: [webOrigin],
      env: { ...env, TRUSTED_PROXIES: '10.0.0.0/8' },
    });
    try {
      const seen: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await viaIngress(direct.url, '/auth/login', freshIp(), nobody());
        seen.push(res.status);
      }
      expect(seen).toEqual([401, 401, 401, 429]);
    } finally {
      await direct.close();
    }
  });

  it('locks an account failing from many addresses, answering exactly as a wrong password', async () => {
    const wrong = { email: admin.email, password: 'not-the-password' };
    const answers: { status: number; body: unknown }[] = [];
    // six addresses, one failure each: no address reaches its own limit of 3
    for (let i = 0; i < 6; i += 1) {
      const res = await login(freshIp(), wrong);
      answers.push({ status: res.status, body: await json(res) });
    }
    expect(answers[0]).toEqual({
      status: 401,
      body: { error: 'ERR_INVALID_CREDENTIALS', message: expect.any(String) },
    });
    // the sixth failure locked the account: the right password, from yet another address, is
    // answered as the wrong one, so a guesser cannot tell a lock from a miss
    const locked = await login(freshIp(), { ...admin, email: ` ${admin.email.toUpperCase()}` });
    answers.push({ status: locked.status, body: await json(locked) });
    // an unknown email is answered the same way too
    const ghost = await login(freshIp(), { email: 'ghost@proxies.test', password: 'whatever' });
    answers.push({ status: ghost.status, body: await json(ghost) });
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);

    await sleep(LockMs + 300);
    const ip = freshIp();
    const open = await login(ip, admin);
    expect(open.status).toBe(200);
    // identity got the resolved client address with the call (it keeps it on the session)
    const db = new pg.Client({ connectionString: stack.database!.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ ip: string }>(
        'SELECT ip FROM identity.sessions ORDER BY created_at DESC LIMIT 1',
      );
      expect(rows[0]?.ip).toBe(ip);
    } finally {
      await db.end();
    }
  });
});
