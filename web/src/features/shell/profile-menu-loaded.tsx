import { Menu, Portal, Text, VStack } from '@chakra-ui/react';
import type { SessionUser } from '@sb/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuLogOut, LuUser } from 'react-icons/lu';
import { useLogout } from '../auth/use-auth-actions.js';
import { ProfileButton } from './profile-button.js';

// opened from the menu only: its form (and zod) loads on first open
const ProfileModal = lazy(() =>
  import('../profile/profile-modal.js').then((m) => ({ default: m.ProfileModal })),
);

/** The avatar menu of the top bar: the user's profile and logout (loaded on first use: profile-menu.tsx). */
export const ProfileMenu = ({
  user,
  defaultOpen = false,
}: {
  user: SessionUser;
  defaultOpen?: boolean;
}) => {
  const { t } = useTranslation('shell');
  const logout = useLogout();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen}>
        <Menu.Trigger asChild>
          <ProfileButton user={user} />
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="56">
              <VStack align="start" gap="0" px="2" py="1.5">
                <Text fontWeight="semibold" fontSize="sm">
                  {user.name}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {user.email}
                </Text>
              </VStack>
              <Menu.Separator />
              <Menu.Item value="profile" onClick={() => setProfileOpen(true)}>
                <LuUser />
                {t('profile')}
              </Menu.Item>
              <Menu.Item value="logout" onClick={() => void logout()} data-testid="logout">
                <LuLogOut />
                {t('logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {profileOpen && (
        <Suspense fallback={null}>
          <ProfileModal user={user} open onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
