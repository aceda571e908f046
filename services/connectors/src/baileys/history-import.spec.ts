import { importWindowOf, inImportWindow, reportsProgress } from './history-import.js';

describe('history import rules', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');
  const peer = { number: '5511999990001', isGroup: false };
  const group = { number: '120363012345678901', isGroup: true };

  it('asks for no import without an old date', () => {
    expect(
      importWindowOf(
        {
          importOldMessages: null,
          importRecentMessages: '2026-11-01',
          importOldMessagesGroups: true,
        },
        now,
      ),
    ).toBeNull();
  });

  it('takes the whole recent day, and up to now without a recent date', () => {
    expect(
      importWindowOf(
        {
          importOldMessages: '2026-11-01',
          importRecentMessages: '2026-11-10',
          importOldMessagesGroups: false,
        },
        now,
      ),
    ).toEqual({
      from: Date.parse('2026-11-01T00:00:00.000Z'),
      to: Date.parse('2026-11-10T23:59:59.999Z'),
      groups: false,
    });
    expect(
      importWindowOf(
        {
          importOldMessages: '2026-11-01',
          importRecentMessages: null,
          importOldMessagesGroups: true,
        },
        now,
      ),
    ).toMatchObject({ to: now, groups: true });
  });

  it('keeps the messages inside the window, groups only when asked', () => {
    const window = {
      from: Date.parse('2026-11-01'),
      to: Date.parse('2026-11-10T23:59:59.999Z'),
      groups: false,
    };
    expect(inImportWindow({ sentAt: '2026-11-05T10:00:00.000Z', peer }, window)).toBe(true);
    expect(inImportWindow({ sentAt: '2026-11-10T23:00:00.000Z', peer }, window)).toBe(true);
    expect(inImportWindow({ sentAt: '2026-10-31T23:59:59.000Z', peer }, window)).toBe(false);
    expect(inImportWindow({ sentAt: '2026-11-11T00:00:00.000Z', peer }, window)).toBe(false);
    expect(inImportWindow({ sentAt: '2026-11-05T10:00:00.000Z', peer: group }, window)).toBe(false);
    expect(
      inImportWindow(
        { sentAt: '2026-11-05T10:00:00.000Z', peer: group },
        { ...window, groups: true },
      ),
    ).toBe(true);
  });

  it('reports the first, every tenth and the last message', () => {
    const reported = Array.from({ length: 25 }, (_, i) => i + 1).filter((done) =>
      reportsProgress(done, 25),
    );
    expect(reported).toEqual([1, 10, 20, 25]);
  });
});
