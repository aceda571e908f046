import { maskContactNumber, shouldHideNumber, visibleContactNumber } from './number-mask.js';

describe('shouldHideNumber: the one reading of lgpdHideNumber, failing closed', () => {
  it.each([
    // setting, reader, hidden
    ['disabled', 'user', false],
    ['disabled', 'broadcast', false],
    ['disabled', 'admin', false],
    ['enabled', 'user', true],
    ['enabled', 'broadcast', true],
    ['enabled', 'anonymous', true],
    ['enabled', 'admin', false],
    ['enabled', 'supervisor', false],
    // unreadable or unknown values count as on
    ['', 'user', true],
    [undefined, 'user', true],
    [null, 'broadcast', true],
    ['Disabled', 'user', true],
    ['off', 'user', true],
    [false, 'user', true],
    // an unknown reader counts as a plain user
    ['enabled', undefined, true],
    ['enabled', 'root', true],
    ['', 'admin', false],
  ])('setting %p read by %p: hidden=%p', (setting, reader, hidden) => {
    expect(shouldHideNumber(setting, reader as string | undefined)).toBe(hidden);
  });
});

describe('visibleContactNumber', () => {
  it('masks all but the last two digits when hidden, never a group id', () => {
    expect(visibleContactNumber('5511999998888', false, true)).toBe('***********88');
    expect(visibleContactNumber('5511999998888', false, false)).toBe('5511999998888');
    expect(visibleContactNumber('120363@g.us', true, true)).toBe('120363@g.us');
    expect(maskContactNumber('12', false)).toBe('12');
  });
});
