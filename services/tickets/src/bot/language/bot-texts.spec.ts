import type { Logger } from '@sb/platform/logger';
import { botTextsOf } from './bot-language.module.js';
import {
  BotLanguages,
  botLanguageOf,
  BotTextsByLanguage,
  isExitWord,
  type BotTexts,
} from './bot-texts.js';

// BOT_LANGUAGE and the four dictionaries of the bot's own words.

describe('botLanguageOf', () => {
  it('reads the four languages, in any case, and defaults to pt-BR', () => {
    expect(botLanguageOf(undefined)).toEqual({ language: 'pt-BR', unknown: false });
    expect(botLanguageOf('  ')).toEqual({ language: 'pt-BR', unknown: false });
    expect(botLanguageOf('en')).toEqual({ language: 'en', unknown: false });
    expect(botLanguageOf(' ES ')).toEqual({ language: 'es', unknown: false });
    expect(botLanguageOf('tr')).toEqual({ language: 'tr', unknown: false });
    expect(botLanguageOf('pt-br')).toEqual({ language: 'pt-BR', unknown: false });
  });

  it('falls back to pt-BR for an unknown language, flagged', () => {
    expect(botLanguageOf('fr')).toEqual({ language: 'pt-BR', unknown: true });
    expect(botLanguageOf('english')).toEqual({ language: 'pt-BR', unknown: true });
  });
});

describe('botTextsOf (read at boot)', () => {
  const logger = () => {
    const warnings: unknown[][] = [];
    return { warnings, logger: { warn: (...args: unknown[]) => warnings.push(args) } };
  };

  it('gives the dictionary of BOT_LANGUAGE without a warning', () => {
    const { warnings, logger: log } = logger();
    expect(botTextsOf({ BOT_LANGUAGE: 'es' }, log as unknown as Logger)).toBe(
      BotTextsByLanguage.es,
    );
    expect(botTextsOf({}, log as unknown as Logger)).toBe(BotTextsByLanguage['pt-BR']);
    expect(warnings).toEqual([]);
  });

  it('warns about an unknown BOT_LANGUAGE and speaks pt-BR', () => {
    const { warnings, logger: log } = logger();
    expect(botTextsOf({ BOT_LANGUAGE: 'klingon' }, log as unknown as Logger)).toBe(
      BotTextsByLanguage['pt-BR'],
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![1]).toMatch(/unknown BOT_LANGUAGE/);
  });
});

describe('the dictionaries', () => {
  const sample = (texts: BotTexts) =>
    Object.values(texts).map((value: string | ((...args: never[]) => string)) =>
      typeof value === 'function'
        ? (value as (...args: unknown[]) => string)('Vendas', 'Ana')
        : value,
    );

  it('has every word in every language, none empty, each language its own', () => {
    const keys = Object.keys(BotTextsByLanguage['pt-BR']).sort();
    for (const language of BotLanguages) {
      const texts = BotTextsByLanguage[language];
      expect(Object.keys(texts).sort()).toEqual(keys);
      for (const text of sample(texts)) expect(text.trim()).not.toBe('');
      if (language !== 'pt-BR')
        expect(texts.invalidOption).not.toBe(BotTextsByLanguage['pt-BR'].invalidOption);
    }
  });

  it('keeps the pt-BR words of the reference', () => {
    const pt = BotTextsByLanguage['pt-BR'];
    expect(pt.queuePosition(3)).toBe('Você é o *3º* da fila. Aguarde, por favor.');
    expect(pt.onDutyAlert(42, 'Maria Silva')).toBe(
      'Plantão: o ticket #42 de Maria Silva aguarda atendimento.',
    );
    expect(pt.onDutyAlert(7, '  ')).toBe('Plantão: o ticket #7 de um contato aguarda atendimento.');
    expect(BotTextsByLanguage.en.queuePosition(2)).toBe('You are number *2* in line. Please wait.');
  });

  it('keeps the AI transfer mark as given, whatever the language', () => {
    for (const language of BotLanguages)
      expect(BotTextsByLanguage[language].promptTransferRule('MARK-123')).toContain('"MARK-123"');
  });
});

describe('isExitWord', () => {
  it('accepts the language exit word in any case or accents, and "Sair" everywhere', () => {
    expect(isExitWord(BotTextsByLanguage['pt-BR'], ' sair ')).toBe(true);
    expect(isExitWord(BotTextsByLanguage.en, 'EXIT')).toBe(true);
    expect(isExitWord(BotTextsByLanguage.en, 'Sair')).toBe(true);
    expect(isExitWord(BotTextsByLanguage.es, 'salir')).toBe(true);
    expect(isExitWord(BotTextsByLanguage.tr, 'ÇIKIŞ')).toBe(true);
    expect(isExitWord(BotTextsByLanguage.tr, 'cikis')).toBe(true);
    expect(isExitWord(BotTextsByLanguage.en, 'exit please')).toBe(false);
    expect(isExitWord(BotTextsByLanguage['pt-BR'], 'exit')).toBe(false);
  });
});
