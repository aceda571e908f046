import { Languages, type Language } from '@sb/contracts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuLanguages, LuMoon, LuSun } from 'react-icons/lu';
import { useColorMode } from '../../lib/color-mode.js';

/** Theme toggle of the public pages (the shell has its own, in Chakra). */
const ThemeToggle = () => {
  const { t } = useTranslation('shell');
  const { theme, toggle } = useColorMode();
  const label = theme === 'dark' ? t('lightTheme') : t('darkTheme');
  return (
    <button
      type="button"
      className="sb-icon-button"
      aria-label={label}
      title={label}
      onClick={toggle}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? <LuSun /> : <LuMoon />}
    </button>
  );
};

/**
 * Language menu of the public pages: a button and a list of the languages. Nobody is logged in here,
 * so the choice is only applied and stored in the browser (i18n.ts).
 */
const LanguageMenu = () => {
  const { t, i18n } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = box.current;
    (
      items?.querySelector<HTMLElement>('[aria-checked="true"]') ??
      items?.querySelector<HTMLElement>('[role="menuitemradio"]')
    )?.focus();
    // a click elsewhere or Escape closes the list
    const outside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  const choose = (language: Language) => {
    setOpen(false);
    button.current?.focus();
    void i18n.changeLanguage(language);
  };

  /** Up and down move between the languages. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(box.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = (at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
    items[next]?.focus();
  };

  return (
    <div ref={box}>
      <button
        ref={button}
        type="button"
        className="sb-icon-button"
        aria-label={t('language')}
        aria-haspopup="menu"
        aria-expanded={open}
        title={t('language')}
        data-testid="language-menu"
        onClick={() => setOpen((shown) => !shown)}
      >
        <LuLanguages />
      </button>
      {open && (
        <div className="sb-menu" role="menu" aria-label={t('language')} onKeyDown={onKeyDown}>
          <div className="sb-menu-label" aria-hidden>
            {t('language')}
          </div>
          {Languages.map((language) => (
            <button
              key={language}
              type="button"
              role="menuitemradio"
              aria-checked={i18n.language === language}
              className="sb-menu-item"
              data-testid={`language-${language}`}
              onClick={() => choose(language)}
            >
              {t(`languages.${language}`, { ns: 'common' })}
              {i18n.language === language && <LuCheck aria-hidden />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
};

export const PublicPreferences = () => (
  <div className="sb-prefs">
    <LanguageMenu />
    <ThemeToggle />
  </div>
);
