import { Languages, ErrorCodes } from '@sb/contracts';
import type { Resource } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllResources } from '../app/i18n.js';

const keys = (tree: unknown, prefix = ''): string[] =>
  Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('locales', () => {
  let resources: Resource;
  beforeAll(async () => {
    resources = await loadAllResources();
  });

  it('exist for every language with the same files and the same keys', () => {
    expect(Object.keys(resources).sort()).toEqual([...Languages].sort());
    const reference = keys(resources.en).sort();
    for (const language of Languages) {
      expect(keys(resources[language]).sort(), language).toEqual(reference);
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
