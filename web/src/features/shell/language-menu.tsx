import { IconButton, Menu, Portal, type ButtonProps } from '@chakra-ui/react';
import { Languages, type Language } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { LuLanguages } from 'react-icons/lu';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { toastError } from '../../components/toaster.js';
import { useUpdateUserLanguageMutation } from '../auth/auth.api.js';
import { selectUser, userUpdated } from '../auth/session.slice.js';

export type LanguageMenuProps = {
  variant?: ButtonProps['variant'];
  color?: string;
  /** open as it shows: it replaces the stand-in button that was clicked */
  defaultOpen?: boolean;
};

/** Language menu: applied at once, and saved on the user when someone is logged in (spec 1 §1). */
export const LanguageMenu = ({
  variant = 'ghost',
  color,
  defaultOpen = false,
}: LanguageMenuProps) => {
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
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
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
