import { useCallback, useSyncExternalStore } from 'react';
import { storeTheme, storedTheme, type ThemeName } from './browser-storage.js';

const listeners = new Set<() => void>();

const systemTheme = (): ThemeName =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';

/** The theme shown: the `.dark`/`.light` class on <html>, which is what Chakra's `_dark` reads. */
export const currentTheme = (): ThemeName =>
  document.documentElement.classList.contains('dark') ? 'dark' : 'light';

const paint = (theme: ThemeName): void => {
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  listeners.forEach((listener) => listener());
};

/** Initial theme (spec 3 §4): the stored preference, else the system's dark preference. */
export const initColorMode = (): void => paint(storedTheme() ?? systemTheme());

/** A logged-in user's defaultTheme applies only when the browser stored no preference. */
export const applyUserDefaultTheme = (defaultTheme: ThemeName | undefined): void => {
  if (!storedTheme() && defaultTheme) paint(defaultTheme);
};

export const setTheme = (theme: ThemeName): void => {
  storeTheme(theme);
  paint(theme);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useColorMode = () => {
  const theme = useSyncExternalStore(subscribe, currentTheme);
  const toggle = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
};
