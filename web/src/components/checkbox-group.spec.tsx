import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChakraProvider } from '@chakra-ui/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { system } from '../app/chakra-system.js';
import { CheckboxGroupField, toggled } from './checkbox-group.js';

const Queues = () => {
  const [value, setValue] = useState<number[]>([]);
  return (
    <ChakraProvider value={system}>
      <CheckboxGroupField
        legend="Queues"
        options={[
          { value: 1, label: 'Support' },
          { value: 2, label: 'Sales' },
          { value: 3, label: 'Billing' },
        ]}
        value={value}
        onChange={setValue}
      />
      <p data-testid="picked">{value.join(',')}</p>
    </ChakraProvider>
  );
};

const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('CheckboxGroupField', () => {
  it('ticks exactly the box whose label is clicked, and keeps several ticked', async () => {
    render(<Queues />);
    await userEvent.click(screen.getByText('Sales'));
    expect(box('Sales').checked).toBe(true);
    expect(box('Support').checked).toBe(false);
    await userEvent.click(screen.getByText('Support'));
    expect(box('Sales').checked).toBe(true);
    expect(box('Support').checked).toBe(true);
    expect(screen.getByRole('group', { name: 'Queues' })).toBeTruthy();
    expect(screen.getByTestId('picked').textContent).toBe('1,2');
    await userEvent.click(screen.getByText('Sales'));
    expect(screen.getByTestId('picked').textContent).toBe('1');
  });

  it('gives every box its own id', () => {
    render(<Queues />);
    const ids = screen.getAllByRole('checkbox').map((box) => box.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('adds a value once, in the options order, and removes it', () => {
    expect(toggled([3], 1, true, [1, 2, 3])).toEqual([1, 3]);
    expect(toggled([1, 3], 1, true, [1, 2, 3])).toEqual([1, 3]);
    expect(toggled([1, 3], 1, false)).toEqual([3]);
  });
});

/** Every screen source under web/src, by path. */
const sources = import.meta.glob<string>(['../**/*.tsx', '!../**/*.spec.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('checkboxes across the app', () => {
  it('never sit inside a Chakra Field (it hands them all one id) and groups use CheckboxGroupField', () => {
    const wrong: string[] = [];
    for (const [name, text] of Object.entries(sources)) {
      let field = 0;
      for (const [index, line] of text.split('\n').entries()) {
        field += (line.match(/<Field\.Root\b/g) ?? []).length;
        if (line.includes('<Checkbox.Root') && field > 0)
          wrong.push(`${name}:${index + 1} in a Field`);
        field -= (line.match(/<\/Field\.Root>/g) ?? []).length;
      }
      // a box drawn per item of a list is a group: it belongs in CheckboxGroupField (or a Fieldset)
      if (!name.endsWith('components/checkbox-group.tsx')) {
        const perItem = /\.map\(\([^)]*\)\s*=>\s*\(?\s*<Checkbox\.Root/g;
        for (const match of text.matchAll(perItem)) {
          const before = text.slice(0, match.index);
          const fieldsets =
            (before.match(/<Fieldset\.Root\b/g) ?? []).length -
            (before.match(/<\/Fieldset\.Root>/g) ?? []).length;
          if (fieldsets <= 0) wrong.push(`${name}: a list of Checkbox.Root outside a group`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
