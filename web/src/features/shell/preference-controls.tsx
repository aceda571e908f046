import { HStack, IconButton, Menu, Portal, type ButtonProps } from '@chakra-ui/react';
import { Languages, type Language } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { LuLanguages, LuMoon, LuSun } from 'react-icons/lu';
import { useColorMode } from '../../app/color-mode.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { toastError } from '../../components/toaster.js';
import { useUpdateUserLanguageMutation } from '../auth/auth.api.js';
import { selectUser, userUpdated } from '../auth/session.slice.js';

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

/** Language menu: applied at once, and saved on the user when someone is logged in (spec 1 §1). */
export const LanguageMenu = ({
  variant = 'ghost',
  color,
}: {
  variant?: Variant;
  color?: string;
}) => {
  const { t, i18n } = useTranslation('shell');
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [saveLanguage] = useUpdateUserLanguageMutation();

  const choose = async (language: Language) => {
    await i18n.changeLanguage(language);
    if (!user || user.language === language) return;
    try {
      dispatch(userUpdated(await saveLanguage({ id: user.id, language }).unwrap()));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton
          aria-label={t('language')}
          title={t('language')}
          variant={variant}
          color={color}
          data-testid="language-menu"
        >
          <LuLanguages />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{t('language')}</Menu.ItemGroupLabel>
              <Menu.RadioItemGroup
                value={i18n.language}
                onValueChange={(details) => void choose(details.value as Language)}
              >
                {Languages.map((language) => (
                  <Menu.RadioItem
                    key={language}
                    value={language}
                    data-testid={`language-${language}`}
                  >
                    {t(`languages.${language}`, { ns: 'common' })}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
};

export const PreferenceControls = ({ variant, color }: { variant?: Variant; color?: string }) => (
  <HStack gap="1">
    <LanguageMenu variant={variant} color={color} />
    <ThemeToggle variant={variant} color={color} />
  </HStack>
);
