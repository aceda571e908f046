import { removableMediaKeys, retentionCutoff } from './media-cleanup-rules.js';

describe('removableMediaKeys', () => {
  it('keeps only the company message files no other message shows, once each', () => {
    const keys = removableMediaKeys(
      7,
      [
        'company-7/messages/a.jpg',
        'company-7/messages/a.jpg',
        null,
        'company-7/messages/shared.ogg',
        'company-7/quick-messages/q.pdf',
        'company-8/messages/b.jpg',
      ],
      new Set(['company-7/messages/shared.ogg']),
    );
    expect(keys).toEqual(['company-7/messages/a.jpg']);
  });
});

describe('retentionCutoff', () => {
  it('goes back whole days from now', () => {
    expect(retentionCutoff(new Date('2026-03-31T12:00:00Z'), 30).toISOString()).toBe(
      '2026-03-01T12:00:00.000Z',
    );
  });
});
