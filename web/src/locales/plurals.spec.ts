import { Languages } from '@sb/contracts';
import { createInstance, type i18n, type Resource } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllResources } from '../app/i18n.js';

/** Every plural family (`area:key` without its `_one`/`_other`...) whose texts show the count. */
const countedKeys = (resources: Resource): string[] => {
  const found = new Set<string>();
  const walk = (node: unknown, area: string, prefix: string) => {
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (value && typeof value === 'object') walk(value, area, `${prefix}${key}.`);
      else if (String(value).includes('{{count}}'))
        found.add(`${area}:${prefix}${key.replace(/_(zero|one|many|other)$/, '')}`);
    }
  };
  for (const [area, tree] of Object.entries(resources.en)) walk(tree, area, '');
  return [...found].sort();
};

describe('counts in the four languages', () => {
  let resources: Resource;
  let i18n: i18n;
  beforeAll(async () => {
    resources = await loadAllResources();
    i18n = createInstance();
    await i18n.init({
      resources,
      lng: 'en',
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
  });

  it('write 0, 1 and 2 as those numbers with the form each language uses', () => {
    const keys = countedKeys(resources);
    expect(keys.length).toBeGreaterThan(10);
    for (const language of Languages) {
      // the keys are read from the files at run time, so no key type can name them
      const t = i18n.getFixedT(language) as (key: string, options: object) => string;
      for (const key of keys) {
        for (const count of [0, 1, 2]) {
          const text = t(key, {
            count,
            name: 'N',
            title: 'T',
            done: 5,
            added: 5,
            updated: 5,
            failed: 5,
          });
          expect(text, `${language} ${key} ${count}`).toContain(String(count));
          expect(text, `${language} ${key} ${count}`).not.toContain('{{');
        }
      }
    }
  });

  it('say none, one and several of a thing in its own words', () => {
    const connections = (language: string, count: number) =>
      i18n.getFixedT(language, 'connections')('count', { count });
    expect([0, 1, 2].map((n) => connections('pt-BR', n))).toEqual([
      '0 conexões',
      '1 conexão',
      '2 conexões',
    ]);
    expect([0, 1, 2].map((n) => connections('en', n))).toEqual([
      '0 connections',
      '1 connection',
      '2 connections',
    ]);
    expect([0, 1, 2].map((n) => connections('es', n))).toEqual([
      '0 conexiones',
      '1 conexión',
      '2 conexiones',
    ]);
    expect([0, 1, 2].map((n) => connections('tr', n))).toEqual([
      '0 bağlantı',
      '1 bağlantı',
      '2 bağlantı',
    ]);
    expect(i18n.getFixedT('es', 'connections')('count', { count: 1_000_000 })).toBe(
      '1000000 conexiones',
    );
  });
  it('count rows read and messages imported by their own forms', () => {
    const rows = (language: string, count: number) =>
      i18n.getFixedT(language, 'contactLists')('importDone', {
        count,
        added: 0,
        updated: 0,
        failed: 0,
      });
    const messages = (language: string, count: number) =>
      i18n.getFixedT(language, 'connections')('importProgress', { count, done: 0 });
    expect([0, 1, 2].map((n) => rows('en', n).split(':')[0])).toEqual([
      '0 rows read',
      '1 row read',
      '2 rows read',
    ]);
    expect([0, 1, 2].map((n) => rows('pt-BR', n).split(':')[0])).toEqual([
      '0 linhas lidas',
      '1 linha lida',
      '2 linhas lidas',
    ]);
    expect([0, 1, 2].map((n) => rows('es', n).split(':')[0])).toEqual([
      '0 filas leídas',
      '1 fila leída',
      '2 filas leídas',
    ]);
    expect(rows('tr', 1).split(':')[0]).toBe('1 satır okundu');
    expect([1, 2].map((n) => messages('en', n))).toEqual([
      'Importing 0 of 1 message',
      'Importing 0 of 2 messages',
    ]);
    expect([1, 2].map((n) => messages('pt-BR', n))).toEqual([
      'Importando 0 de 1 mensagem',
      'Importando 0 de 2 mensagens',
    ]);
    expect([1, 2].map((n) => messages('es', n))).toEqual([
      'Importando 0 de 1 mensaje',
      'Importando 0 de 2 mensajes',
    ]);
    expect(messages('tr', 2)).toBe('2 mesajın 0 tanesi içe aktarılıyor');
  });
});
