import { describe, expect, it } from 'vitest';
import { dayOfBar, inboxOf, reportOf } from './drill-down.js';

describe('dashboard drill-down', () => {
  const period = { initialDate: '2026-11-01', finalDate: '2026-11-27' };

  it('opens the report of the period, narrowed like the figure', () => {
    expect(reportOf('tickets', period, { status: 'closed' })).toBe(
      '/reports/tickets?dateFrom=2026-11-01&dateTo=2026-11-27&status=closed',
    );
    expect(reportOf('tickets', period, { userId: 5, groups: false })).toBe(
      '/reports/tickets?dateFrom=2026-11-01&dateTo=2026-11-27&userId=5&groups=false',
    );
    expect(reportOf('nps', period, { npsClass: 'detractor' })).toBe(
      '/reports/nps?dateFrom=2026-11-01&dateTo=2026-11-27&npsClass=detractor',
    );
    expect(reportOf('nps', period)).toBe('/reports/nps?dateFrom=2026-11-01&dateTo=2026-11-27');
  });

  it("opens the inbox for the tickets open now, and reads a day bar's date", () => {
    expect(inboxOf('pending')).toBe('/tickets?status=pending');
    expect(dayOfBar('05/11/2026')).toBe('2026-11-05');
  });
});
