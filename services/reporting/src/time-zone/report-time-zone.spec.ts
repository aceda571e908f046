import {
  contributionOf,
  localDay,
  UNOBSERVED,
  type TicketFact,
} from '../projection/ticket-fact-rules.js';
import { reportTimeZone } from './report-time-zone.js';

const fact = (createdAt: string): TicketFact => ({
  companyId: 1,
  ticketId: 1,
  contactId: 1,
  contactName: '',
  isGroup: false,
  createdAt,
  status: 'pending',
  queueId: null,
  queueName: null,
  queueColor: null,
  userId: null,
  whatsappId: null,
  whatsappName: null,
  tags: [],
  ...UNOBSERVED,
  versionAt: createdAt,
  versionSeq: createdAt,
  updatedAt: createdAt,
});

describe('report time zone', () => {
  it("uses the company's own zone where it sets a known one, else the report zone", () => {
    expect(reportTimeZone('America/New_York', 'America/Sao_Paulo')).toBe('America/New_York');
    expect(reportTimeZone(' Europe/Istanbul ', 'America/Sao_Paulo')).toBe('Europe/Istanbul');
    expect(reportTimeZone(null, 'America/Sao_Paulo')).toBe('America/Sao_Paulo');
    expect(reportTimeZone('', 'UTC')).toBe('UTC');
    expect(reportTimeZone('Mars/Olympus', 'America/Sao_Paulo')).toBe('America/Sao_Paulo');
  });

  it('counts a ticket on its local day across a daylight-saving change', () => {
    const ny = 'America/New_York';
    // New York moves from UTC−5 to UTC−4 at 2026-03-08 07:00 UTC (02:00 local)
    // 04:30 UTC on the 8th is 23:30 of the 7th (EST); 03:30 UTC on the 9th is 23:30 of the 8th (EDT)
    expect(localDay('2026-03-08T04:30:00Z', ny)).toBe('2026-03-07');
    expect(localDay('2026-03-08T05:30:00Z', ny)).toBe('2026-03-08');
    expect(localDay('2026-03-09T03:30:00Z', ny)).toBe('2026-03-08');
    expect(localDay('2026-03-09T04:30:00Z', ny)).toBe('2026-03-09');
    // and back at 2026-11-01 06:00 UTC (02:00 EDT → 01:00 EST): 04:30 UTC is still the 1st's 00:30
    expect(localDay('2026-11-01T03:30:00Z', ny)).toBe('2026-10-31');
    expect(localDay('2026-11-02T04:30:00Z', ny)).toBe('2026-11-01');
    expect(localDay('2026-11-02T05:30:00Z', ny)).toBe('2026-11-02');
  });

  it('puts the same instant on different report days by company zone', () => {
    const instant = '2026-03-09T03:30:00Z';
    expect(contributionOf(fact(instant), 'America/New_York')!.key.day).toBe('2026-03-08');
    expect(contributionOf(fact(instant), 'America/Sao_Paulo')!.key.day).toBe('2026-03-09');
    expect(contributionOf(fact(instant), 'Asia/Tokyo')!.key.day).toBe('2026-03-09');
  });
});
