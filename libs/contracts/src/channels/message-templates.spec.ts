import {
  isPositionalTemplate,
  renderTemplateBody,
  templateBodyParameters,
} from './message-templates.js';

describe('message templates', () => {
  it("lists a body's parameters in the order of first use, each once", () => {
    expect(templateBodyParameters('Olá {{1}}, seu pedido {{2}} saiu. {{1}}, obrigado!')).toEqual([
      '1',
      '2',
    ]);
    expect(templateBodyParameters('Hi {{ first_name }}, {{day}} at {{time}}')).toEqual([
      'first_name',
      'day',
      'time',
    ]);
    expect(templateBodyParameters('No parameters, {single} braces')).toEqual([]);
  });

  it('tells positional parameters from named ones', () => {
    expect(isPositionalTemplate(['1', '2'])).toBe(true);
    expect(isPositionalTemplate([])).toBe(true);
    expect(isPositionalTemplate(['1', 'name'])).toBe(false);
  });

  it('renders a body with its values, leaving a parameter without value as written', () => {
    expect(renderTemplateBody('Olá {{1}}, pedido {{2}}. Até, {{1}}!', ['Ana', '42'])).toBe(
      'Olá Ana, pedido 42. Até, Ana!',
    );
    expect(renderTemplateBody('Hi {{name}}, {{day}}', ['Bo'])).toBe('Hi Bo, {{day}}');
  });
});
