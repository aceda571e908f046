import { Languages, ErrorCodes } from '@sb/contracts';
import type { Resource } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllResources } from '../app/i18n.js';

const keys = (tree: unknown, prefix = ''): string[] =>
  Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

const PluralSuffix = /_(zero|one|two|few|many|other)$/;

/** A key as every language holds it: a plural form counts as its family (`count_one` → `count_*`). */
const family = (key: string) => key.replace(PluralSuffix, '_*');

const textOf = (tree: unknown, key: string): string =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree) as string;

/** The plural forms i18next picks from for `language` (the CLDR categories Intl knows). */
const formsOf = (language: string) =>
  new Intl.PluralRules(language).resolvedOptions().pluralCategories;

describe('locales', () => {
  let resources: Resource;
  beforeAll(async () => {
    resources = await loadAllResources();
  });

  it('exist for every language with the same files and the same keys', () => {
    expect(Object.keys(resources).sort()).toEqual([...Languages].sort());
    const reference = [...new Set(keys(resources.en).map(family))].sort();
    for (const language of Languages) {
      expect([...new Set(keys(resources[language]).map(family))].sort(), language).toEqual(
        reference,
      );
    }
  });

  it('give every text with a {{count}} all the plural forms of each language', () => {
    for (const language of Languages) {
      const all = keys(resources[language]);
      const wrong: string[] = [];
      for (const key of all) {
        const text = textOf(resources[language], key);
        if (text.includes('{{count}}') && !PluralSuffix.test(key))
          wrong.push(`${key}: no plural forms`);
      }
      const families = new Set(all.filter((key) => PluralSuffix.test(key)).map(family));
      for (const name of families) {
        const base = name.slice(0, -2);
        const present = all
          .filter((key) => family(key) === name)
          .map((key) => key.slice(base.length + 1));
        const needed = formsOf(language);
        for (const form of needed)
          if (!present.includes(form)) wrong.push(`${base}_${form} missing`);
        // _zero is i18next's own extra ("No connections"); any other form the language lacks is dead
        for (const form of present)
          if (form !== 'zero' && !needed.includes(form as Intl.LDMLPluralRule))
            wrong.push(`${base}_${form}: ${language} has no such form`);
        // "one" covers 0 in pt-BR: a form that writes "1" instead of {{count}} says "1" for none
        const other = textOf(resources[language], `${base}_other`);
        const one = present.includes('one') ? textOf(resources[language], `${base}_one`) : '';
        if (other.includes('{{count}}') && one && !one.includes('{{count}}'))
          wrong.push(`${base}_one writes a fixed number`);
        // and there "0 conexão" reads wrong: such a language says none with a _zero form
        const zeroIsOne = new Intl.PluralRules(language).select(0) === 'one';
        if (zeroIsOne && other.includes('{{count}}') && !present.includes('zero'))
          wrong.push(`${base}_zero missing (0 is "one" in ${language})`);
      }
      expect(wrong, language).toEqual([]);
    }
  });

  it('have no empty text', () => {
    for (const language of Languages) {
      const empty = keys(resources[language]).filter((key) => {
        const value = key
          .split('.')
          .reduce<unknown>(
            (node, part) => (node as Record<string, unknown>)[part],
            resources[language],
          );
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(empty, language).toEqual([]);
    }
  });

  it('translate every error code of the catalogue', () => {
    const errors = resources.en.errors as Record<string, string>;
    expect(Object.keys(ErrorCodes).filter((code) => !errors[code])).toEqual([]);
  });
});
