import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.js';

describe('the language menu of the public pages', () => {
  afterEach(() => i18next.changeLanguage('en'));

  it('stands in as a button, then opens the menu fetched on the first click', async () => {
    await renderApp('/login');
    const button = await screen.findByTestId('language-menu');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-label')).toBe('Language');
    expect(screen.queryByTestId('language-es')).toBeNull();

    fireEvent.click(button);
    fireEvent.click(await screen.findByTestId('language-es'));
    await waitFor(() => expect(i18next.language).toBe('es'));
  });
});
