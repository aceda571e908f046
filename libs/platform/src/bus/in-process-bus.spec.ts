import { describeBusContract } from './bus.contract.js';
import { createInProcessBus } from './in-process-bus.js';

describeBusContract('in-process', async () => createInProcessBus());

describe('in-process bus specifics', () => {
  it('redelivers an event left unacknowledged past the ack wait', async () => {
    const bus = createInProcessBus();
    const deliveries: number[] = [];
    let release: () => void = () => undefined;
    await bus.consume({
      durable: 'slow',
      filter: 'evt.>',
      ackWaitMs: 100,
      handler: (_e, meta) => {
        deliveries.push(meta.deliveryCount);
        if (meta.deliveryCount === 1) return new Promise<void>((resolve) => (release = resolve));
      },
    });
    // a second instance picks the redelivery while the first is stuck
    await bus.consume({
      durable: 'slow',
      filter: 'evt.>',
      handler: (_e, meta) => void deliveries.push(meta.deliveryCount),
    });
    await bus.publish({
      id: 'x',
      subject: 'evt.1.identity.user.updated',
      companyId: 1,
      occurredAt: '',
      data: {},
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveries).toEqual([1, 2]);
    release();
    await bus.close();
  });

  it('refuses to publish outside the event subjects and after close', async () => {
    const bus = createInProcessBus();
    await expect(
      bus.publish({
        id: 'y',
        subject: 'identity.user.updated',
        companyId: 1,
        occurredAt: '',
        data: {},
      }),
    ).rejects.toThrow(/no stream/);
    await bus.close();
    await expect(bus.request('a.b', { ctx: {} as never, data: {} })).rejects.toThrow(/closed/);
  });
});
