import { randomUUID } from 'node:crypto';
import {
  Subjects,
  type DomainEvent,
  type Queue,
  type QueueDeletedEventData,
  type QueueEventData,
  type SessionUser,
} from '@sb/contracts';
import { useIdentityTestApp, type BusKind, IntegrationBuses } from './identity-test-app.js';

const queue = (id: number, name: string, color: string): Queue => ({
  id,
  name,
  color,
  greetingMessage: '',
  outOfHoursMessage: '',
  orderQueue: null,
  ativarRoteador: false,
  tempoRoteador: 0,
  closeTicket: false,
  promptId: null,
  integrationId: null,
  fileListId: null,
  schedules: [],
  chatbots: [],
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

const queueEvent = <T extends QueueEventData | QueueDeletedEventData>(
  companyId: number,
  action: string,
  data: T,
): DomainEvent<T> => ({
  id: randomUUID(),
  subject: `evt.${companyId}.tickets.queue.${action}`,
  companyId,
  occurredAt: new Date().toISOString(),
  data,
});

const waitFor = async (check: () => Promise<boolean>, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe.each<BusKind>(IntegrationBuses)('queue replica over the %s bus', (kind) => {
  const rig = useIdentityTestApp(kind, 'identity-queue-replica-int-spec');

  it("answers the user's queues with names and colours from tickets' events", async () => {
    if (!rig.bus) return; // no NATS: openTestBus said why
    const user = await rig.app.given.newUser(1, {
      email: `q-${kind}@replica.test`,
      queues: [501, 502],
    });
    const me = () =>
      rig.app.request<SessionUser>(
        Subjects.identity.me,
        {},
        {
          companyId: 1,
          userId: user.id,
          profile: 'user',
        },
      );

    await rig.bus!.publish(queueEvent(1, 'created', { queue: queue(501, 'Sales', '#ff0000') }));
    await rig.bus!.publish(queueEvent(1, 'created', { queue: queue(502, 'Support', '#00ff00') }));
    // a queue of another company never shows, even with a colliding user_queues row
    await rig.bus!.publish(queueEvent(2, 'created', { queue: queue(503, 'Foreign', '#0000ff') }));
    await waitFor(async () => (await me()).queues.length === 2, 'both queues');
    expect((await me()).queues).toEqual([
      { id: 501, name: 'Sales', color: '#ff0000' },
      { id: 502, name: 'Support', color: '#00ff00' },
    ]);

    await rig.bus!.publish(queueEvent(1, 'updated', { queue: queue(501, 'Sales EU', '#ff0000') }));
    await rig.bus!.publish(queueEvent(1, 'deleted', { queueId: 502 }));
    await waitFor(
      async () =>
        JSON.stringify((await me()).queues) ===
        JSON.stringify([{ id: 501, name: 'Sales EU', color: '#ff0000' }]),
      'the rename and the delete',
    );
    const { rows } = await rig.app.db.query(
      'SELECT queue_id FROM identity.user_queues WHERE user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ queue_id: 501 }]);
  });
});
