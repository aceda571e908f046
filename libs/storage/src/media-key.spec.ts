import {
  assertCompanyKey,
  assertValidKey,
  assertValidPrefix,
  companyPrefix,
  keyBelongsToCompany,
  mediaKey,
  sanitizeFileName,
} from './media-key.js';
import { InvalidObjectKeyError } from './storage.errors.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe('mediaKey', () => {
  it('builds company-<id>/<area>/<uuid>-<safe-name>', () => {
    const key = mediaKey({ companyId: 12, area: 'messages', fileName: 'Relatório final (1).pdf' });
    expect(key).toMatch(new RegExp(`^company-12/messages/${UUID}-Relatorio-final-1\\.pdf$`));
  });

  it('gives every call a fresh uuid', () => {
    const input = { companyId: 1, area: 'users', fileName: 'me.png' };
    expect(mediaKey(input)).not.toBe(mediaKey(input));
  });

  it('keeps hostile names inside the company folder', () => {
    for (const fileName of [
      '../../../etc/passwd',
      '..\\..\\win.ini',
      '/abs/x',
      '.env',
      '\u0000\u001f',
    ]) {
      const key = mediaKey({ companyId: 5, area: 'campaigns', fileName });
      expect(key.startsWith('company-5/campaigns/')).toBe(true);
      expect(key.split('/')).toHaveLength(3);
      expect(() => assertCompanyKey(key, 5)).not.toThrow();
    }
  });

  it('accepts nested lowercase areas and refuses others', () => {
    expect(mediaKey({ companyId: 1, area: 'tickets/42', fileName: 'a.jpg' })).toMatch(
      /^company-1\/tickets\/42\//,
    );
    for (const area of ['', '..', 'Users', 'a//b', 'a/../b', '/abs', 'x y']) {
      expect(() => mediaKey({ companyId: 1, area, fileName: 'a.jpg' })).toThrow(
        InvalidObjectKeyError,
      );
    }
  });

  it('refuses a company id that is not a positive integer', () => {
    for (const companyId of [0, -1, 1.5, Number.NaN]) {
      expect(() => mediaKey({ companyId, area: 'users', fileName: 'a.png' })).toThrow(
        InvalidObjectKeyError,
      );
    }
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['photo.JPG', 'photo.JPG'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\doc.pdf', 'doc.pdf'],
    ['.env', 'env'],
    ['...', 'file'],
    ['', 'file'],
    ['a\u0000b\nc.txt', 'a-b-c.txt'],
    ['çañón ü.png', 'canon-u.png'],
    ['日本語.txt', 'txt'],
    ['name..with...dots.tar.gz', 'name.with.dots.tar.gz'],
    ['trailing-.', 'trailing'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('cuts long names to 100 characters and keeps the extension', () => {
    const safe = sanitizeFileName(`${'a'.repeat(300)}.jpeg`);
    expect(safe).toHaveLength(100);
    expect(safe.endsWith('.jpeg')).toBe(true);
  });
});

describe('key checks', () => {
  it('accepts plain relative keys', () => {
    expect(() => assertValidKey('company-1/users/a_b-c.1.png')).not.toThrow();
  });

  it.each([
    '',
    '../x',
    'a/../b',
    'a/./b',
    '/a',
    'a/',
    'a//b',
    'a\\b',
    '.a',
    'a/.b',
    'a b',
    'é',
    'a\u0007',
  ])('refuses %j', (key) => {
    expect(() => assertValidKey(key)).toThrow(InvalidObjectKeyError);
  });

  it('refuses keys over 1024 bytes', () => {
    expect(() => assertValidKey('a'.repeat(1025))).toThrow(/1024/);
  });

  it('accepts listing prefixes with a trailing slash or a partial segment', () => {
    for (const prefix of ['', 'company-1/', 'company-1/us', 'company']) {
      expect(() => assertValidPrefix(prefix)).not.toThrow();
    }
    for (const prefix of ['/', '../', 'a//', 'a/../', '.meta/', 'a/.x']) {
      expect(() => assertValidPrefix(prefix)).toThrow(InvalidObjectKeyError);
    }
  });

  it('tells company 1 from company 10', () => {
    expect(companyPrefix(1)).toBe('company-1/');
    expect(keyBelongsToCompany('company-1/a.png', 1)).toBe(true);
    expect(keyBelongsToCompany('company-10/a.png', 1)).toBe(false);
    expect(keyBelongsToCompany('company-1/../company-2/a.png', 1)).toBe(false);
    expect(() => assertCompanyKey('company-10/a.png', 1)).toThrow(/outside company 1/);
  });
});
