import { searchText } from './contact-search.js';
import { containsPattern } from '@sb/platform/db';

describe('contact search text', () => {
  it('drops accents and case', () => {
    expect(searchText('  JOÃO Conceição ')).toBe('joao conceicao');
  });

  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
  });
});
