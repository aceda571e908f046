import { subjectSpace } from './nats-bus.js';

describe('subjectSpace', () => {
  it('leaves subjects and the stream as they are without a namespace', () => {
    const space = subjectSpace();
    expect(space.wire('identity.auth.login')).toBe('identity.auth.login');
    expect(space.streamName).toBe('EVENTS');
  });

  it('prefixes subjects, strips the prefix back and names a stream of its own', () => {
    const space = subjectSpace('staging-2');
    expect(space.wire('evt.>')).toBe('staging-2.evt.>');
    expect(space.local('staging-2.evt.1.identity.user.updated')).toBe(
      'evt.1.identity.user.updated',
    );
    expect(space.streamName).toBe('EVENTS_staging_2');
  });

  it('refuses a namespace that would change the subject hierarchy', () => {
    expect(() => subjectSpace('a.b')).toThrow(/namespace/);
    expect(() => subjectSpace('a>')).toThrow(/namespace/);
  });
});
