import { auditDiff } from './audit-diff.js';

describe('auditDiff', () => {
  it('lists changed fields first and shows objects as JSON', () => {
    expect(
      auditDiff(
        { name: 'A', color: '#fff', queueIds: [1] },
        { name: 'B', color: '#fff', queueIds: [1, 2] },
      ),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B', changed: true },
      { field: 'queueIds', before: '[1]', after: '[1,2]', changed: true },
      { field: 'color', before: '#fff', after: '#fff', changed: false },
    ]);
  });

  it('handles a creation (no before) and a deletion (no after)', () => {
    expect(auditDiff(null, { id: 3 })).toEqual([
      { field: 'id', before: '', after: '3', changed: true },
    ]);
    expect(auditDiff({ id: 3 }, null)).toEqual([
      { field: 'id', before: '3', after: '', changed: true },
    ]);
  });
});
