import { Subjects, type BusRequest, type FoundRef, type RefsCheckRequest } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { anonymousContext, collectingParsedRefs, noteParsedRefs } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import { z } from 'zod';
import { ref } from '@sb/contracts';
import type { GatewayEnv } from '../gateway.config.js';
import { ServiceClient } from './service-client.js';

const ctx = { ...anonymousContext('r1'), companyId: 1 } as never;

/** A bus that records every request; refs checks answer `missing` of their owner. */
const countingBus = (missing: Record<string, RefsCheckRequest['refs']> = {}) => {
  const requests: { subject: string; payload: BusRequest }[] = [];
  const bus = {
    request: async (subject: string, payload: BusRequest) => {
      requests.push({ subject, payload });
      if (subject.endsWith('.refs.check')) return { missing: missing[subject] ?? {} };
      return { done: true };
    },
  } as unknown as Bus;
  return { bus, requests };
};

// what PUT /tickets/:id accept/transfer parses: a user, a queue, a connection
const body = z.object({
  userId: ref('user', z.number()),
  queueId: ref('queue', z.number()),
  whatsappId: ref('connection', z.number()),
  contactListId: ref('contactList', z.number()).optional(),
});

const send = (bus: Bus, subject: string, value: z.infer<typeof body>) =>
  collectingParsedRefs(() => {
    noteParsedRefs(body, value);
    return new ServiceClient(bus, { REQUEST_TIMEOUT_MS: 1_000 } as GatewayEnv).request(
      subject as never,
      ctx,
      value as never,
    );
  });

describe('ServiceClient: where the ids of a request are checked', () => {
  it('sends an accept/transfer to tickets with no refs check: its refs travel in the envelope', async () => {
    const { bus, requests } = countingBus();
    await send(bus, Subjects.tickets.ticketUpdate, { userId: 2, queueId: 3, whatsappId: 4 });
    expect(requests.map((r) => r.subject)).toEqual([Subjects.tickets.ticketUpdate]);
    expect(requests[0]!.payload.refs).toEqual<FoundRef[]>([
      { path: 'userId', kind: 'user', ids: [2] },
      { path: 'queueId', kind: 'queue', ids: [3] },
      { path: 'whatsappId', kind: 'connection', ids: [4] },
    ]);
  });

  it('asks over the bus only the kinds the target cannot check', async () => {
    const { bus, requests } = countingBus();
    await send(bus, Subjects.tickets.ticketUpdate, {
      userId: 2,
      queueId: 3,
      whatsappId: 4,
      contactListId: 5,
    });
    expect(requests.map((r) => r.subject)).toEqual([
      Subjects.campaigns.refsCheck,
      Subjects.tickets.ticketUpdate,
    ]);
    expect(requests[0]!.payload.data).toEqual({ refs: { contactList: [5] } });
    expect(requests[1]!.payload.refs?.map((r) => r.kind)).toEqual(['user', 'queue', 'connection']);
  });

  it('checks over the bus the kinds a service without their replica gets (identity: queues)', async () => {
    const { bus, requests } = countingBus();
    await send(bus, Subjects.identity.userUpdate, { userId: 2, queueId: 3, whatsappId: 4 });
    expect(requests.map((r) => r.subject).sort()).toEqual(
      [
        Subjects.connectors.refsCheck,
        Subjects.tickets.refsCheck,
        Subjects.identity.userUpdate,
      ].sort(),
    );
    expect(requests.at(-1)!.payload.refs).toEqual([{ path: 'userId', kind: 'user', ids: [2] }]);
  });

  it('refuses naming every refused field, carried ones too, when an asked owner refuses', async () => {
    const { bus, requests } = countingBus({
      [Subjects.campaigns.refsCheck]: { contactList: [5] },
      [Subjects.tickets.refsCheck]: { queue: [3] },
    });
    const refused = await send(bus, Subjects.tickets.ticketUpdate, {
      userId: 2,
      queueId: 3,
      whatsappId: 4,
      contactListId: 5,
    }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'ERR_REFERENCE_NOT_FOUND',
      status: 404,
      fields: {
        queueId: ['No queue 3 in this company'],
        contactListId: ['No contactList 5 in this company'],
      },
    });
    expect(requests.some((r) => r.subject === Subjects.tickets.ticketUpdate)).toBe(false);
  });
});
