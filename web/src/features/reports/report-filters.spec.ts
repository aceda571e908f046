import { describe, expect, it } from 'vitest';
import { filtersOf, reportFilterOf, searchOf } from './report-filters.js';

const today = '2026-11-27';

describe('report filters in the address', () => {
  it('defaults the dates to the month so far, and keeps a date the user emptied empty', () => {
    expect(filtersOf(new URLSearchParams(), today)).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-27',
    });
    expect(filtersOf(new URLSearchParams('dateFrom='), today).dateFrom).toBe('');
    // while the company's today is not known yet, no default (the report waits for both dates)
    expect(filtersOf(new URLSearchParams(), undefined)).toEqual({ dateFrom: '', dateTo: '' });
  });

  it('reads the ids and the status, and drops what is not one', () => {
    const search = new URLSearchParams(
      'dateFrom=2026-11-02&dateTo=2026-11-02&userId=5&queueId=x&tagId=-1&status=closed',
    );
    expect(filtersOf(search, today)).toEqual({
      dateFrom: '2026-11-02',
      dateTo: '2026-11-02',
      userId: 5,
      status: 'closed',
    });
    expect(filtersOf(new URLSearchParams('status=done'), today).status).toBeUndefined();
    expect(filtersOf(new URLSearchParams('npsClass=fans&groups=no'), today)).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-27',
    });
  });

  it('writes back what it reads', () => {
    const filters = {
      dateFrom: '2026-11-01',
      dateTo: '2026-11-27',
      whatsappId: 3,
      status: 'open' as const,
      npsClass: 'detractor' as const,
      groups: false,
    };
    expect(filtersOf(searchOf(filters), today)).toEqual(filters);
  });

  it('asks each report only for the filters it has', () => {
    const filters = {
      dateFrom: '2026-11-01',
      dateTo: '2026-11-27',
      npsClass: 'promoter' as const,
      groups: false,
    };
    expect(reportFilterOf(filters, 'nps')).toEqual({ ...filters, kind: 'nps' });
    expect(reportFilterOf(filters, 'tickets')).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-27',
      groups: false,
      kind: 'tickets',
    });
    expect(reportFilterOf(filters, 'groups')).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-27',
      kind: 'groups',
    });
  });
});
