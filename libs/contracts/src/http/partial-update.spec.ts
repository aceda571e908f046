import { z } from 'zod';
import { givenFields } from './partial-update.js';

describe('givenFields', () => {
  const Schema = z.object({ name: z.string(), geral: z.boolean().default(false) }).partial();

  it('keeps only the parsed values of the keys the body carries', () => {
    const raw = { name: 'x' };
    expect(givenFields(Schema.parse(raw), raw)).toEqual({ name: 'x' });
  });

  it('keeps an explicit false or null, and drops undefined', () => {
    const raw = { geral: false, name: undefined };
    expect(givenFields(Schema.parse(raw), raw)).toEqual({ geral: false });
  });

  it('answers nothing for a body that is not an object', () => {
    expect(givenFields({ name: 'x' }, null)).toEqual({});
  });
});
