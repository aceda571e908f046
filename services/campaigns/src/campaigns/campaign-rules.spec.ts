import {
  canEdit,
  fillPlaceholders,
  gapAfter,
  greetingOf,
  pickVariant,
  placeholderValues,
  sendOffsets,
  statusAfterSave,
} from './campaign-rules.js';

const settings = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };
const middle = () => 0.5;

describe('campaign pacing', () => {
  it('waits messageInterval seconds between messages and greaterInterval after every Nth', () => {
    const small = { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 30 };
    expect([1, 2, 3, 4, 5, 6].map((sent) => gapAfter(sent, small, middle))).toEqual([
      5_000, 5_000, 30_000, 5_000, 5_000, 30_000,
    ]);
    expect(sendOffsets(5, small, middle)).toEqual([0, 5_000, 10_000, 40_000, 45_000]);
  });

  it('moves each gap by at most half a second (a fifth of a short gap) either way', () => {
    expect(gapAfter(1, settings, () => 0)).toBe(19_500);
    expect(gapAfter(1, settings, () => 0.999999)).toBe(20_500);
    expect(gapAfter(20, settings, () => 0)).toBe(59_500);
    const five = { ...settings, messageInterval: 5 };
    expect(gapAfter(1, five, () => 0)).toBe(4_500);
    // a gap of a second and a half moves by at most a fifth of it
    expect(gapAfter(1, { ...settings, messageInterval: 1.5 }, () => 0)).toBe(1_200);
    for (let i = 0; i < 200; i += 1) {
      const gap = gapAfter(1, settings, Math.random);
      expect(gap).toBeGreaterThanOrEqual(19_500);
      expect(gap).toBeLessThanOrEqual(20_500);
    }
  });

  it('sends back to back when the intervals are 0, and never treats 0 as every message', () => {
    const none = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 60 };
    expect(sendOffsets(4, none, Math.random)).toEqual([0, 0, 0, 0]);
  });

  it('continues the count after a restart', () => {
    const small = { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 30 };
    // two were sent before the pause: the first gap now is the one after the third message
    expect(sendOffsets(3, small, middle, 2)).toEqual([0, 30_000, 35_000]);
  });
});

describe('campaign variants', () => {
  it('picks each non-empty variant, and only those', () => {
    const variants = ['a', 'b', 'c'];
    expect(pickVariant(variants, () => 0)).toBe('a');
    expect(pickVariant(variants, () => 0.5)).toBe('b');
    expect(pickVariant(variants, () => 0.9999)).toBe('c');
    const seen = new Set<string>();
    for (let i = 0; i < 300; i += 1) seen.add(pickVariant(variants, Math.random));
    expect([...seen].sort()).toEqual(variants);
    expect(() => pickVariant([], Math.random)).toThrow();
  });
});

describe('campaign placeholders', () => {
  const values = placeholderValues({
    contact: { name: 'Ana Maria Souza', number: '5511988880001', email: 'ana@example.com' },
    connectionName: 'Sales',
    variables: [{ key: 'coupon', value: 'PROMO10' }],
    now: new Date('2026-03-05T12:34:56Z'),
    timeZone: 'America/Sao_Paulo',
    shippingId: 42,
  });

  it('fills every placeholder the picker offers, the contact fields and the company variables', () => {
    const text =
      '{ms} {firstName} ({name}, {nome}, {numero}, {email}) {date} {hour} {protocol} ' +
      '{connection} [{userName}{ticket_id}{queue}] {coupon} {unknown}';
    expect(fillPlaceholders(text, values)).toBe(
      'Bom dia Ana (Ana Maria Souza, Ana Maria Souza, 5511988880001, ana@example.com) ' +
        '05/03/2026 09:34:56 2026030509345642 Sales [] PROMO10 {unknown}',
    );
  });

  it('also reads the {{key}} form of the other messages', () => {
    expect(fillPlaceholders('{{firstName}} / {firstName} / {{coupon} / {nope}', values)).toBe(
      'Ana / Ana / {{coupon} / {nope}',
    );
  });

  it('greets by the hour', () => {
    expect([3, 8, 13, 20].map(greetingOf)).toEqual([
      'Boa madrugada',
      'Bom dia',
      'Boa tarde',
      'Boa noite',
    ]);
  });
});

describe('campaign editing', () => {
  const now = new Date('2026-03-05T12:00:00Z');
  const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000);

  it('allows inactive and cancelled, scheduled only more than an hour away', () => {
    expect(canEdit('INATIVA', null, now)).toBe(true);
    expect(canEdit('CANCELADA', inMinutes(5), now)).toBe(true);
    expect(canEdit('PROGRAMADA', inMinutes(61), now)).toBe(true);
    expect(canEdit('PROGRAMADA', inMinutes(59), now)).toBe(false);
    expect(canEdit('EM_ANDAMENTO', null, now)).toBe(false);
    expect(canEdit('FINALIZADA', null, now)).toBe(false);
  });

  it('a saved campaign is scheduled when it has a time; a cancelled one stays cancelled', () => {
    expect(statusAfterSave(null, null)).toBe('INATIVA');
    expect(statusAfterSave('INATIVA', inMinutes(90))).toBe('PROGRAMADA');
    expect(statusAfterSave('PROGRAMADA', null)).toBe('INATIVA');
    expect(statusAfterSave('CANCELADA', inMinutes(90))).toBe('CANCELADA');
  });
});
