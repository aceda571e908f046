import { mayEdit, nextAck } from './message-acks.js';

describe('nextAck', () => {
  it('moves forward and never downgrades', () => {
    expect(nextAck(0, 2)).toBe(2);
    expect(nextAck(3, 2)).toBe(3);
    expect(nextAck(4, 1)).toBe(4);
  });
});

describe('mayEdit', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const own = {
    fromMe: true,
    mediaType: 'chat',
    isDeleted: false,
    createdAt: new Date('2026-11-23T11:50:00Z'),
  };

  it('allows own texts inside the whatsapp window', () => {
    expect(mayEdit(own, 'whatsapp', now)).toBe(true);
  });

  it('refuses late, foreign, media, deleted or messenger messages', () => {
    expect(mayEdit({ ...own, createdAt: new Date('2026-11-23T11:40:00Z') }, 'whatsapp', now)).toBe(
      false,
    );
    expect(mayEdit({ ...own, fromMe: false }, 'whatsapp', now)).toBe(false);
    expect(mayEdit({ ...own, mediaType: 'image' }, 'whatsapp', now)).toBe(false);
    expect(mayEdit({ ...own, isDeleted: true }, 'whatsapp', now)).toBe(false);
    expect(mayEdit(own, 'facebook', now)).toBe(false);
  });
});
