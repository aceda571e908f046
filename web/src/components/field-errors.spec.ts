import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors.js';

describe('fieldErrors', () => {
  it('says required for an empty field and the first issue otherwise', () => {
    const issues = [
      { path: ['name'], message: 'too short' },
      { path: ['email'], message: 'bad email' },
      { path: ['email'], message: 'second' },
    ];
    expect(
      fieldErrors<'name' | 'email'>(issues, { name: '', email: 'x' }, 'required', (i) => i.message),
    ).toEqual({ name: 'required', email: 'bad email' });
  });
});
