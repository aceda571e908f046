import { IconButton, type ButtonProps } from '@chakra-ui/react';
import { lazy, startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuLanguages, LuMoon, LuSun } from 'react-icons/lu';
import { useColorMode } from '../../lib/color-mode.js';
import type { LanguageMenuProps } from './language-menu.js';

type Variant = ButtonProps['variant'];

export const ThemeToggle = ({
  variant = 'ghost',
  color,
}: {
  variant?: Variant;
  color?: string;
}) => {
  const { t } = useTranslation('shell');
  const { theme, toggle } = useColorMode();
  const label = theme === 'dark' ? t('lightTheme') : t('darkTheme');
  return (
    <IconButton
      aria-label={label}
      title={label}
      variant={variant}
      color={color}
      onClick={toggle}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
};

const loadLanguageMenu = () => import('./language-menu.js');
const LoadedLanguageMenu = lazy(() =>
  loadLanguageMenu().then((module) => ({ default: module.LanguageMenu })),
);

/**
 * The shell's language menu. Its menu machine and positioning are not needed to show a page,
 * so a button that looks the same stands in for it: hovering or focusing it fetches the
 * menu, a click shows it open (in a transition, so the button stays until the menu is there).
 */
export const LanguageMenu = ({
  variant = 'ghost',
  color,
}: Omit<LanguageMenuProps, 'defaultOpen'>) => {
  const { t } = useTranslation('shell');
  const [clicked, setClicked] = useState(false);
  if (clicked) return <LoadedLanguageMenu variant={variant} color={color} defaultOpen />;
  return (
    <IconButton
      aria-label={t('language')}
      aria-haspopup="menu"
      title={t('language')}
      variant={variant}
      color={color}
      data-testid="language-menu"
      onPointerEnter={() => void loadLanguageMenu()}
      onFocus={() => void loadLanguageMenu()}
      onClick={() => startTransition(() => setClicked(true))}
    >
      <LuLanguages />
    </IconButton>
  );
};
