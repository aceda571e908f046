import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import type { RequestContext } from '@sb/contracts';
import { askIdentityForViewer, tokenViewer, withUser } from './ticket-viewers.js';

const ctx = (over: Partial<RequestContext> = {}) =>
  ({ companyId: 3, userId: 9, profile: 'user', super: false, ...over }) as RequestContext;
const logger = { warn: () => undefined } as unknown as Logger;
const busAnswering = (answer: () => Promise<unknown>) => {
  const asked: unknown[] = [];
  const bus = {
    request: (subject: string, body: unknown) => {
      asked.push({ subject, body });
      return answer();
    },
  } as unknown as Bus;
  return { bus, asked };
};

describe('ticket viewers of sockets', () => {
  it("reads a user's queues and flags from identity once", async () => {
    const { bus, asked } = busAnswering(async () => ({
      id: 9,
      allTicket: 'enable',
      allowGroup: true,
      queueIds: [2, 5],
    }));
    expect(await askIdentityForViewer(bus, logger)(ctx())).toEqual({
      userId: 9,
      admin: false,
      allTicket: true,
      allowGroup: true,
      queueIds: [2, 5],
    });
    expect(asked).toEqual([
      { subject: 'identity.user.get', body: expect.objectContaining({ data: { id: 9 } }) },
    ]);
  });

  it('asks nothing for admins and super users: they see every ticket', async () => {
    const { bus, asked } = busAnswering(async () => ({}));
    expect((await askIdentityForViewer(bus, logger)(ctx({ profile: 'admin' }))).admin).toBe(true);
    expect((await askIdentityForViewer(bus, logger)(ctx({ super: true }))).admin).toBe(true);
    expect(asked).toEqual([]);
  });

  it('lets a user identity cannot describe see their own tickets only', async () => {
    const { bus } = busAnswering(() => Promise.reject(new Error('ERR_SERVICE_UNAVAILABLE')));
    expect(await askIdentityForViewer(bus, logger)(ctx())).toEqual(tokenViewer(ctx()));
    expect(tokenViewer(ctx())).toMatchObject({ queueIds: [], allTicket: false, allowGroup: false });
  });

  it('follows identity.user.updated: queueIds first, else the named queues, else as it was', () => {
    const before = tokenViewer(ctx());
    const user = { allTicket: 'disable' as const, allowGroup: false, queues: [{ id: 4 }] };
    expect(withUser(before, { user, queueIds: [7] }).queueIds).toEqual([7]);
    expect(withUser(before, { user }).queueIds).toEqual([4]);
    const kept = withUser({ ...before, queueIds: [1] }, { user: { ...user, queues: undefined } });
    expect(kept.queueIds).toEqual([1]);
    expect(
      withUser(before, { user: { ...user, allTicket: 'enable', allowGroup: true } }),
    ).toMatchObject({ allTicket: true, allowGroup: true });
  });
});
