import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Encodings, findPrecompressed, negotiateEncoding } from './precompressed.js';

const [br, gzip] = Encodings;

describe('negotiateEncoding', () => {
  it('prefers brotli, then gzip, among the encodings a file has', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd', [br, gzip])).toBe(br);
    expect(negotiateEncoding('gzip, deflate', [br, gzip])).toBe(gzip);
    expect(negotiateEncoding('br', [gzip])).toBeNull();
    expect(negotiateEncoding('GZIP', [br, gzip])).toBe(gzip);
  });

  it('follows the quality values, q=0 refusing a coding', () => {
    expect(negotiateEncoding('br;q=0, gzip', [br, gzip])).toBe(gzip);
    expect(negotiateEncoding('br;q=0.2, gzip;q=0.8', [br, gzip])).toBe(gzip);
    expect(negotiateEncoding('*', [br, gzip])).toBe(br);
    expect(negotiateEncoding('*;q=0', [br, gzip])).toBeNull();
    expect(negotiateEncoding('identity', [br, gzip])).toBeNull();
  });

  it('sends the file as it is without an Accept-Encoding header', () => {
    expect(negotiateEncoding(undefined, [br, gzip])).toBeNull();
    expect(negotiateEncoding('', [br, gzip])).toBeNull();
  });
});

describe('findPrecompressed', () => {
  it('lists each file that has .br or .gz copies by its URL path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-precompressed-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      for (const file of ['index.html', 'assets/a.js', 'assets/a.js.br', 'assets/a.js.gz'])
        writeFileSync(path.join(dir, file), 'x');
      writeFileSync(path.join(dir, 'assets/b.css'), 'x');
      writeFileSync(path.join(dir, 'assets/b.css.gz'), 'x');
      const found = findPrecompressed(dir);
      expect([...found.keys()].sort()).toEqual(['/assets/a.js', '/assets/b.css']);
      expect(found.get('/assets/a.js')).toEqual([br, gzip]);
      expect(found.get('/assets/b.css')).toEqual([gzip]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
