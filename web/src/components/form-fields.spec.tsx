import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { system } from '../app/chakra-system.js';
import { NumberField, SelectField, SwitchField, TextField } from './form-fields.js';

const inChakra = (ui: ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);

describe('form fields', () => {
  it('ties the label, helper and error to the text input', () => {
    const onChange = vi.fn();
    inChakra(
      <TextField
        label="Name"
        required
        helper="As customers see it"
        error="Too short"
        value="A"
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('textbox', { name: /^Name/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(
      screen.getByText('As customers see it').id,
    );
    expect(screen.getByText('Too short')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Ana' } });
    expect(onChange).toHaveBeenCalledWith('Ana');
  });

  it('marks a field invalid without an error line of its own', () => {
    inChakra(<TextField label="From" invalid value="" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'From' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hands the typed number text on and shows none as empty', () => {
    const onChange = vi.fn();
    inChakra(<NumberField label="Daily cap" value={null} min={1} onChange={onChange} />);
    const input = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Daily cap' });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: '300' } });
    expect(onChange).toHaveBeenCalledWith('300');
  });

  it('offers the placeholder first and names the select by its label', () => {
    const onChange = vi.fn();
    inChakra(
      <SelectField
        label="Queue"
        namedControl
        placeholder="None"
        options={[[1, 'Support']]}
        value=""
        onChange={onChange}
      />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Queue' });
    expect([...select.options].map((o) => o.text)).toEqual(['None', 'Support']);
    fireEvent.change(select, { target: { value: '1' } });
    expect(onChange).toHaveBeenCalledWith('1');
  });

  it('switches on and off', async () => {
    const onChange = vi.fn();
    inChakra(<SwitchField label="Default" checked={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Default' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(true));
  });
});
