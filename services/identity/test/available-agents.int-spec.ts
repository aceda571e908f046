import {
  Subjects,
  type AvailableAgentsReply,
  type AvailableAgentsRequest,
  type RequestContext,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { openBus, startIdentityTestApp, type IdentityTestApp } from './identity-test-app.js';

const S = Subjects.identity;

const code = async (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'ok',
    (err: { code?: string }) => err.code ?? 'unknown',
  );

/** 14:00 and 23:30 on São Paulo's wall clock (UTC-3). */
const afternoon = '2025-06-10T17:00:00.000Z';
const night = '2025-06-11T02:30:00.000Z';

describe('identity.user.available-agents', () => {
  let bus: Bus;
  let app: IdentityTestApp;
  let companyA: number;
  let companyB: number;
  const ids: Record<string, number> = {};

  /** What tickets sends: the company's system context (userId 0). */
  const system = (companyId: number): Partial<RequestContext> => ({
    companyId,
    userId: 0,
    profile: 'admin',
    super: false,
  });
  const ask = (request: AvailableAgentsRequest, ctx = system(request.companyId)) =>
    app.request<AvailableAgentsReply>(S.userAvailableAgents, request, ctx);
  const byQueue = (reply: AvailableAgentsReply) =>
    Object.fromEntries(reply.queues.map((q) => [q.queueId, q.userIds]));

  const member = async (
    companyId: number,
    name: string,
    queueIds: number[],
    over: { startWork?: string; endWork?: string } = {},
  ) => {
    const user = await app.given.newUser(companyId, {
      email: `${name}@agents.test`,
      queues: queueIds,
      ...over,
    });
    ids[name] = user.id;
    return user.id;
  };
  /** Presence as the socket heartbeat leaves it: flagged online and last seen `agoMs` before `at`. */
  const seen = async (name: string, at: string, agoMs = 60_000, online = true) => {
    await app.db.query('UPDATE identity.users SET online = $2, last_seen_at = $3 WHERE id = $1', [
      ids[name],
      online,
      new Date(new Date(at).getTime() - agoMs),
    ]);
  };

  beforeAll(async () => {
    bus = (await openBus('in-process', 'identity-available-agents-int-spec'))!;
    app = await startIdentityTestApp(bus);
    companyA = (await app.given.newCompany({ name: 'Agents A', timezone: 'America/Sao_Paulo' })).id;
    companyB = (await app.given.newCompany({ name: 'Agents B', timezone: 'America/Sao_Paulo' })).id;
    await member(companyA, 'allday', [11, 12]);
    await member(companyA, 'office', [11], { startWork: '08:00', endWork: '18:00' });
    await member(companyA, 'away', [11]);
    await member(companyA, 'stale', [12]);
    await member(companyA, 'nightshift', [11], { startWork: '22:00', endWork: '06:00' });
    await member(companyA, 'noqueue', []);
    // another company's member of a queue with the same id never answers for A
    await member(companyB, 'other', [11]);
  });

  afterAll(async () => {
    await app.close();
  });

  const presenceAt = async (at: string) => {
    for (const name of ['allday', 'office', 'nightshift', 'noqueue', 'other']) await seen(name, at);
    await seen('away', at, 60_000, false);
    await seen('stale', at, 10 * 60_000);
  };

  it('answers the online members of each queue inside their working hours', async () => {
    await presenceAt(afternoon);
    const reply = await ask({ companyId: companyA, queueIds: [11, 12, 13], at: afternoon });
    expect(byQueue(reply)).toEqual({
      11: [ids.allday, ids.office].sort((a, b) => a - b),
      12: [ids.allday],
      13: [],
    });
  });

  it('reads the working window on the company clock, over midnight too', async () => {
    await presenceAt(night);
    const reply = await ask({ companyId: companyA, queueIds: [11], at: night });
    expect(byQueue(reply)).toEqual({
      11: [ids.allday, ids.nightshift].sort((a, b) => a - b),
    });
  });

  it('keeps each company to its own users', async () => {
    await presenceAt(afternoon);
    const reply = await ask({ companyId: companyB, queueIds: [11], at: afternoon });
    expect(byQueue(reply)).toEqual({ 11: [ids.other] });
  });

  it('refuses another company, an anonymous caller and a malformed request', async () => {
    expect(
      await code(ask({ companyId: companyA, queueIds: [11], at: afternoon }, system(companyB))),
    ).toBe('ERR_NO_COMPANY_FOUND');
    expect(
      await code(
        app.request(S.userAvailableAgents, { companyId: companyA, queueIds: [11], at: afternoon }),
      ),
    ).toBe('ERR_SESSION_EXPIRED');
    expect(await code(ask({ companyId: companyA, queueIds: [11], at: 'soon' }))).toBe(
      'ERR_VALIDATION',
    );
  });
});
