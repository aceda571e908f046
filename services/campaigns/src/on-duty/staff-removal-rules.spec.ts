import type { DomainEvent } from '@sb/contracts';
import { staffRemovalOf } from './staff-removal-rules.js';

const event = (subject: string, companyId: number, data: unknown): DomainEvent => ({
  id: 'e1',
  subject,
  companyId,
  occurredAt: '2026-01-05T12:00:00.000Z',
  data,
});

describe('staffRemovalOf', () => {
  it('ends the entries of a deleted user, in the company of the event', () => {
    expect(staffRemovalOf(event('evt.3.identity.user.deleted', 3, { userId: 12 }))).toEqual({
      kind: 'user',
      companyId: 3,
      userId: 12,
    });
  });

  it('ends every entry of a deleted company', () => {
    expect(staffRemovalOf(event('evt.3.identity.company.deleted', 3, { id: 3 }))).toEqual({
      kind: 'company',
      companyId: 3,
    });
    // a company event naming another company is not trusted
    expect(staffRemovalOf(event('evt.3.identity.company.deleted', 3, { id: 4 }))).toBeNull();
  });

  it('ignores other events and malformed data', () => {
    expect(staffRemovalOf(event('evt.3.identity.user.updated', 3, { userId: 12 }))).toBeNull();
    expect(staffRemovalOf(event('evt.3.identity.user.deleted', 3, {}))).toBeNull();
    expect(staffRemovalOf(event('evt.3.identity.user.deleted', 3, null))).toBeNull();
    expect(staffRemovalOf(event('evt.0.identity.user.deleted', 0, { userId: 12 }))).toBeNull();
    expect(staffRemovalOf(event('evt.3.tickets.user.deleted', 3, { userId: 12 }))).toBeNull();
  });
});
