import { describe, expect, it } from 'vitest';
import * as display from './ticket-display.js';

const { dayLabel, displayNumber, lastMessagePreview, logTimeline, rowTime } = display;

describe('lastMessagePreview', () => {
  it('previews last messages', () => {
    expect(lastMessagePreview('x'.repeat(50)).text).toHaveLength(43);
    expect(lastMessagePreview('BEGIN:VCARD\n').kind).toBe('contact');
  });
});

describe('displayNumber', () => {
  it('masks 13 and 12 digit numbers and leaves the rest as the API answered them', () => {
    expect(displayNumber('5511999887766')).toBe('+55 (11) 99988-7766');
    expect(displayNumber('551133224455')).toBe('+55 (11) 3322-4455');
    // lgpdHideNumber masking is the API's: shown as is
    expect(displayNumber('***********66')).toBe('***********66');
    expect(displayNumber('12036302-1234@g.us')).toBe('12036302-1234@g.us');
    expect(displayNumber('99887766')).toBe('99887766');
  });
});

describe('dates', () => {
  it('shows HH:mm for today and dd/MM/yyyy otherwise', () => {
    const now = new Date(2026, 10, 24, 15, 0);
    expect(rowTime(new Date(2026, 10, 24, 9, 5).toISOString(), now)).toBe('09:05');
    expect(rowTime(new Date(2026, 0, 3, 9, 5).toISOString(), now)).toBe('03/01/2026');
    expect(dayLabel(new Date(2025, 11, 31, 23, 59).toISOString())).toBe('31/12/2025');
  });
});

describe('logTimeline', () => {
  it('orders the log oldest first', () => {
    const entries = [
      { id: 2, createdAt: '2026-11-24T10:00:00.000Z' },
      { id: 1, createdAt: '2026-11-24T09:00:00.000Z' },
      { id: 3, createdAt: '2026-11-24T10:00:00.000Z' },
    ];
    expect(logTimeline(entries).map((e) => e.id)).toEqual([1, 2, 3]);
  });
});
