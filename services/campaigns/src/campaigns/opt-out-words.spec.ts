import { isOptOutReply, optOutNumber } from './opt-out-words.js';

const defaults = ['SAIR', 'PARAR', 'STOP'];

describe('opt-out words', () => {
  it('matches the whole message, trimmed, whatever its case', () => {
    expect(isOptOutReply('SAIR', defaults)).toBe(true);
    expect(isOptOutReply('  sair \n', defaults)).toBe(true);
    expect(isOptOutReply('Stop', defaults)).toBe(true);
  });

  it('ignores accents on either side', () => {
    expect(isOptOutReply('Sáir', defaults)).toBe(true);
    expect(isOptOutReply('parar', ['PÁRAR'])).toBe(true);
    expect(isOptOutReply('NÃO QUERO', ['nao quero'])).toBe(true);
  });

  it('does not match a word inside a longer message', () => {
    expect(isOptOutReply('quero sair', defaults)).toBe(false);
    expect(isOptOutReply('STOP!', defaults)).toBe(false);
    expect(isOptOutReply('stopped', defaults)).toBe(false);
  });

  it('matches nothing for an empty message or an empty word list', () => {
    expect(isOptOutReply('   ', defaults)).toBe(false);
    expect(isOptOutReply('', [''])).toBe(false);
    expect(isOptOutReply('SAIR', [])).toBe(false);
  });

  it('uses the company words, not the defaults', () => {
    expect(isOptOutReply('cancelar', ['CANCELAR'])).toBe(true);
    expect(isOptOutReply('SAIR', ['CANCELAR'])).toBe(false);
  });

  it('keeps a number as digits only', () => {
    expect(optOutNumber('+55 (11) 99999-0000')).toBe('5511999990000');
  });
});
