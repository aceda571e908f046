import { fillPlaceholders, greetingFor, signBody, ticketProtocol } from './message-placeholders.js';

const values = {
  contactName: 'Maria da Silva',
  ticketId: 42,
  protocol: '2026112342',
  userName: 'Ana',
  queueName: 'Vendas',
  connectionName: 'Loja',
  // 14:05:09 in São Paulo (UTC-3)
  now: new Date('2026-11-23T17:05:09Z'),
};

describe('fillPlaceholders', () => {
  it('replaces every known placeholder', () => {
    const text =
      '{{ms}} {{name}} ({{firstName}}), ticket {{ticket_id}} #{{protocol}} on {{date}} at {{hour}}, ' +
      '{{userName}} of {{queue}} via {{connection}}';
    expect(fillPlaceholders(text, values)).toBe(
      'Boa tarde Maria da Silva (Maria), ticket 42 #2026112342 on 23/11/2026 at 14:05:09, ' +
        'Ana of Vendas via Loja',
    );
  });

  it('localises the greeting and leaves unknown placeholders alone', () => {
    expect(fillPlaceholders('{{ms}}, {{unknown}}', { ...values, lang: 'en' })).toBe(
      'Good afternoon, {{unknown}}',
    );
    expect(fillPlaceholders('{{ms}}', { ...values, lang: 'es' })).toBe('Buenas tardes');
  });

  it('returns text without placeholders unchanged', () => {
    expect(fillPlaceholders('plain text', values)).toBe('plain text');
  });
});

describe('greetingFor', () => {
  it('greets by the hour, in pt-BR by default', () => {
    expect(greetingFor(8)).toBe('Bom dia');
    expect(greetingFor(12)).toBe('Boa tarde');
    expect(greetingFor(19)).toBe('Boa noite');
    expect(greetingFor(2)).toBe('Boa noite');
    expect(greetingFor(8, 'tr')).toBe('Günaydın');
    expect(greetingFor(8, 'xx')).toBe('Bom dia');
  });
});

describe('signature and protocol', () => {
  it('prefixes the bold agent name', () => {
    expect(signBody('Hello', 'Ana')).toBe('*Ana:*\nHello');
    expect(signBody('Hello', '')).toBe('Hello');
  });

  it('builds the protocol from the creation day and the id', () => {
    expect(ticketProtocol({ id: 7, createdAt: new Date('2026-01-05T10:00:00Z') })).toBe(
      '202601057',
    );
  });
});
