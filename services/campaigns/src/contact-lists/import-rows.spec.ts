import { validateImportRows } from './import-rows.js';
import { checkingConnection } from './number-checker.js';

const row = (n: number, name: string, number: string, email = '') => ({
  row: n,
  name,
  number,
  email,
});

describe('validateImportRows', () => {
  it('keeps valid rows with their digits and says why each other row is refused', () => {
    const { items, failed } = validateImportRows([
      row(2, 'Ana', '+55 (11) 98888-0001', 'ana@x.test'),
      row(3, 'B', '5511988880002'),
      row(4, 'Caio', '1234'),
      row(5, 'Dora', '5511988880004', 'nope'),
      row(6, 'Ana again', '5511988880001'),
      row(7, 'Eva', 'abc12345678'),
      row(8, '', ''),
    ]);
    expect(items).toEqual([{ name: 'Ana', number: '5511988880001', email: 'ana@x.test' }]);
    expect(failed).toEqual([
      { row: 3, fields: { name: ['Too Short!'] } },
      { row: 4, fields: { number: ['Too Short!'] } },
      { row: 5, fields: { email: ['Invalid email'] } },
      { row: 6, fields: { number: ['Repeated (row 2)'] } },
      { row: 7, fields: { number: ['Too Short!'] } },
      { row: 8, fields: { name: ['Required'], number: ['Required'] } },
    ]);
  });

  // correctness only: its speed is a benchmark figure (list_import_s), never a timed unit test
  it('validates a 100,000-row sheet whole', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) =>
      row(i + 2, `Person ${i}`, `55119${String(i).padStart(8, '0')}`),
    );
    const { items, failed } = validateImportRows(rows);
    expect(items).toHaveLength(100_000);
    expect(failed).toHaveLength(0);
  });
});

describe('checkingConnection', () => {
  const c = (
    id: number,
    channel: 'whatsapp' | 'whatsappapi' | 'facebook',
    status: string,
    isDefault = false,
  ) => ({ id, channel, status, isDefault }) as Parameters<typeof checkingConnection>[0][number];

  it('prefers the connected default WhatsApp connection, else any connected one', () => {
    expect(
      checkingConnection([c(1, 'whatsapp', 'CONNECTED'), c(2, 'whatsappapi', 'CONNECTED', true)]),
    ).toBe(2);
    expect(
      checkingConnection([c(1, 'whatsapp', 'DISCONNECTED', true), c(3, 'whatsapp', 'CONNECTED')]),
    ).toBe(3);
    expect(checkingConnection([c(4, 'facebook', 'CONNECTED', true)])).toBeUndefined();
  });
});
