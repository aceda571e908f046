import { eventIdOf } from './event-ids.js';

describe('eventIdOf', () => {
  it('gives one name always the same UUID, and other names other ones', () => {
    const id = eventIdOf('connectors.message.received:5:wamid.1');
    expect(id).toBe(eventIdOf('connectors.message.received:5:wamid.1'));
    expect(id).not.toBe(eventIdOf('connectors.message.received:6:wamid.1'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
