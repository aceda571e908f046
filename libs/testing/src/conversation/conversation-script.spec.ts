import {
  parseDuration,
  parseScript,
  parseStep,
  parseText,
  ScriptSyntaxError,
} from './conversation-script.js';

// The conversation language's parser: every step, its options, and errors that name the line.

describe('parseScript', () => {
  it('reads one step per line and skips blank lines and comments', () => {
    const lines = parseScript(`
      # the contact opens the chat
      contact says hi

      bot answers "Escolha"
      contact says 2
      bot stays silent for 2 s
      advance clock 30 min
      agent accepts
      agent says Olá, tudo bem?
      agent transfers to queue Vendas
      agent closes
      ticket is closed
      ticket queue is Vendas
    `);
    expect(lines.map((l) => l.line)).toEqual([3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(lines.map((l) => l.step)).toEqual([
      { kind: 'contactSays', text: 'hi' },
      { kind: 'botAnswers', match: 'Escolha' },
      { kind: 'contactSays', text: '2' },
      { kind: 'botSilent', ms: 2000 },
      { kind: 'advanceClock', ms: 30 * 60_000 },
      { kind: 'accept', actor: 'agent' },
      { kind: 'say', actor: 'agent', text: 'Olá, tudo bem?' },
      { kind: 'transferToQueue', actor: 'agent', queue: 'Vendas' },
      { kind: 'close', actor: 'agent', farewell: true },
      { kind: 'ticketIs', status: 'closed' },
      { kind: 'ticketQueueIs', queue: 'Vendas' },
    ]);
    expect(lines[1]!.source).toBe('bot answers "Escolha"');
  });

  it('reads regexes, quoted text with escapes and per-step timeouts', () => {
    const regex = parseStep('bot answers /escolha (uma|a) opção/i within 10 s');
    expect(regex).toMatchObject({ kind: 'botAnswers', timeoutMs: 10_000 });
    const match = (regex as { match: RegExp }).match;
    expect(match).toBeInstanceOf(RegExp);
    expect(match.flags).toBe('i');
    expect(match.test('Escolha UMA opção')).toBe(true);
    expect(parseStep('contact says "  two\\nlines "')).toEqual({
      kind: 'contactSays',
      text: '  two\nlines ',
    });
    // a regex-looking text is only a regex where the step matches text
    expect(parseStep('contact says /start')).toEqual({ kind: 'contactSays', text: '/start' });
    expect(parseStep('contact receives "Olá"')).toEqual({ kind: 'botAnswers', match: 'Olá' });
  });

  it('reads every actor step and ticket check', () => {
    expect(parseStep('admin accepts')).toEqual({ kind: 'accept', actor: 'admin' });
    expect(parseStep('agent transfers to admin')).toEqual({
      kind: 'transferToUser',
      actor: 'agent',
      to: 'admin',
    });
    expect(parseStep('agent transfers to admin in queue Suporte Técnico')).toEqual({
      kind: 'transferToUser',
      actor: 'agent',
      to: 'admin',
      queue: 'Suporte Técnico',
    });
    expect(parseStep('agent returns to queue')).toEqual({ kind: 'returnToQueue', actor: 'agent' });
    expect(parseStep('admin closes without farewell')).toEqual({
      kind: 'close',
      actor: 'admin',
      farewell: false,
    });
    expect(parseStep('ticket is LGPD')).toEqual({ kind: 'ticketIs', status: 'lgpd' });
    expect(parseStep('ticket queue is none')).toEqual({ kind: 'ticketQueueIs', queue: null });
    expect(parseStep('ticket user is agent')).toEqual({ kind: 'ticketUserIs', user: 'agent' });
    expect(parseStep('ticket user is none')).toEqual({ kind: 'ticketUserIs', user: null });
    expect(parseStep('wait 500 ms')).toEqual({ kind: 'wait', ms: 500 });
    expect(parseStep('contact calls')).toEqual({ kind: 'contactCalls', video: false });
    expect(parseStep('contact video calls')).toEqual({ kind: 'contactCalls', video: true });
    expect(() => parseStep('contact calls twice')).toThrow(/unknown step/);
    expect(parseStep('bot stays silent')).toEqual({ kind: 'botSilent', ms: 2000 });
    expect(parseStep('advance clock by 2 hours')).toEqual({ kind: 'advanceClock', ms: 7_200_000 });
  });

  it('refuses unknown steps and bad arguments with the line and the reason', () => {
    const bad = (script: string) => {
      try {
        parseScript(script);
      } catch (err) {
        return err;
      }
      throw new Error('no error');
    };
    const unknown = bad('contact says hi\n\nbot sings') as ScriptSyntaxError;
    expect(unknown).toBeInstanceOf(ScriptSyntaxError);
    expect(unknown.line).toBe(3);
    expect(unknown.message).toBe('conversation script line 3 "bot sings": unknown step');
    expect((bad('advance clock 30 parsecs') as Error).message).toMatch(
      /line 1 .*"30 parsecs" is no duration/,
    );
    expect((bad('ticket is happy') as Error).message).toMatch(/unknown ticket status "happy"/);
    expect((bad('agent transfers to bob') as Error).message).toMatch(/transfers to "bob"/);
    expect((bad('bot answers /(/') as Error).message).toMatch(/line 1/);
    expect((bad('ticket user is bob') as Error).message).toMatch(/unknown user "bob"/);
  });
});

describe('phone steps', () => {
  it('reads what another number receives, with its digits only', () => {
    expect(parseStep('phone +55 (11) 97777-0000 receives "Plantão: o ticket"')).toEqual({
      kind: 'phoneReceives',
      phone: '5511977770000',
      match: 'Plantão: o ticket',
    });
    const timed = parseStep('phone 5511977770000 receives /ticket #\\d+ de Bia/ within 5 s');
    expect(timed).toMatchObject({ kind: 'phoneReceives', phone: '5511977770000', timeoutMs: 5000 });
    expect((timed as { match: RegExp }).match.test('o ticket #12 de Bia')).toBe(true);
  });

  it('reads the silence of another number', () => {
    expect(parseStep('phone 5511977770000 stays silent')).toEqual({
      kind: 'phoneSilent',
      phone: '5511977770000',
      ms: 2000,
    });
    expect(parseStep('phone 5511977770000 stays silent for 500 ms')).toEqual({
      kind: 'phoneSilent',
      phone: '5511977770000',
      ms: 500,
    });
    expect(() => parseStep('phone 5511977770000 stays silent for ever')).toThrow(
      /"ever" is no duration/,
    );
    expect(() => parseStep('phone Bia receives oi')).toThrow(/unknown step/);
  });
});

describe('parseDuration and parseText', () => {
  it('reads durations in every unit', () => {
    expect(parseDuration('500 ms')).toBe(500);
    expect(parseDuration('1.5s')).toBe(1500);
    expect(parseDuration('2 min')).toBe(120_000);
    expect(parseDuration('1 day')).toBe(86_400_000);
    expect(parseDuration('soon')).toBeNull();
    expect(parseDuration('3 weeks')).toBeNull();
  });

  it('reads bare, quoted and regex text', () => {
    expect(parseText('  hello  ', true)).toBe('hello');
    expect(parseText('"a \\"b\\""', true)).toBe('a "b"');
    expect(parseText('/x+/', true)).toEqual(/x+/);
    expect(parseText('/x+/', false)).toBe('/x+/');
  });
});
