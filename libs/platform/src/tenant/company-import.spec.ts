import type { TablePlan } from './company-erase.js';
import { partLine } from './company-export.js';
import { serialIdsOf, serialIdsOfLines } from './company-import.js';
import type { CompanyTable } from './company-tables.js';

const table = (name: string, serialKey?: string): CompanyTable => ({
  name,
  hasCompanyId: true,
  references: [],
  columns: [],
  fields: [],
  primaryKey: [serialKey ?? 'id'],
  ...(serialKey ? { serialKey } : {}),
});

const plans: TablePlan[] = [
  { table: table('tickets', 'id'), role: 'company', column: 'company_id' },
  { table: table('notes', 'note_id'), role: 'company', column: 'company_id' },
  // a uuid key: its ids stay
  { table: table('messages'), role: 'company', column: 'company_id' },
  { table: table('plans', 'id'), role: 'shared', reason: 'the platform' },
];

describe('serialIdsOfLines', () => {
  const idOf = serialIdsOfLines(plans);

  it('reads the id off the front of the row, as a full parse would', () => {
    const rows: [string, Record<string, unknown>][] = [
      ['tickets', { id: 12, company_id: 3 }],
      ['tickets', { id: -4 }],
      ['tickets', { id: 98765432101 }],
      // the key elsewhere than first, an "id" inside a column before it
      ['notes', { data: { note_id: 1 }, note_id: 77, id: 5 }],
      ['notes', { note_id: 8 }],
    ];
    const reference = serialIdsOf(plans);
    for (const [name, row] of rows) {
      expect(idOf(partLine(name, row).trimEnd())).toEqual({
        table: name,
        id: reference(name, row),
      });
    }
  });

  it('skips the rows whose ids stay, unparsed', () => {
    expect(idOf('messages\t{"id":"0b6c", not json')).toBeUndefined();
    expect(idOf(partLine('plans', { id: 1 }).trimEnd())).toBeUndefined();
    expect(idOf('gone_table\t{"id":1}')).toBeUndefined();
  });

  it('refuses a line without its table', () => {
    expect(() => idOf('{"id":1}')).toThrow('a bundle line without its table');
  });
});
