import { describe, expect, it } from 'vitest';
import { isTagRequiredError, openTicketHolder } from './ticket-errors.js';

describe('openTicketHolder', () => {
  it('reads the holder of ERR_OTHER_OPEN_TICKET only', () => {
    const holder = { id: 4, uuid: 'u', status: 'open', userId: 2, user: null, queue: null };
    const error = { status: 409, data: { error: 'ERR_OTHER_OPEN_TICKET', details: holder } };
    expect(openTicketHolder(error)).toEqual(holder);
    expect(openTicketHolder({ status: 400, data: { error: 'ERR_OTHER' } })).toBeNull();
  });
});

describe('isTagRequiredError', () => {
  it('recognises the requiredTag refusal only', () => {
    expect(isTagRequiredError({ status: 400, data: { error: 'ERR_TICKET_TAG_REQUIRED' } })).toBe(
      true,
    );
    expect(isTagRequiredError({ status: 400, data: { error: 'ERR_VALIDATION' } })).toBe(false);
    expect(isTagRequiredError({ status: 'FETCH_ERROR' })).toBe(false);
  });
});
