import {
  Avatar,
  Badge,
  Button,
  CloseButton,
  DataList,
  Dialog,
  HStack,
  Menu,
  Portal,
  Text,
  VStack,
} from '@chakra-ui/react';
import type { SessionUser } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuLogOut, LuUser } from 'react-icons/lu';
import { apiUrl } from '../../app/runtime-config.js';
import { useLogout } from '../auth/use-auth-actions.js';

const imageUrl = (path: string | null) =>
  !path ? undefined : /^https?:\/\//.test(path) ? path : `${apiUrl()}/${path.replace(/^\/+/, '')}`;

const ProfileDialog = ({
  user,
  open,
  onClose,
}: {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('shell');
  const rows: [string, string][] = [
    [t('profileEmail'), user.email],
    [t('profileCompany'), user.company.name],
    [t('profileQueues'), user.queues.map((queue) => queue.name).join(', ') || t('profileNoQueues')],
    [t('profileWorkHours'), `${user.startWork} – ${user.endWork}`],
  ];
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('profile')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <VStack gap="2" mb="6">
                <Avatar.Root size="2xl" colorPalette="brand">
                  <Avatar.Fallback name={user.name} />
                  <Avatar.Image src={imageUrl(user.profileImage)} />
                </Avatar.Root>
                <Text fontWeight="semibold" fontSize="lg">
                  {user.name}
                </Text>
                <HStack>
                  <Badge colorPalette="brand" variant="subtle">
                    {t(`profiles.${user.profile}`)}
                  </Badge>
                  {user.super && (
                    <Badge colorPalette="orange" variant="subtle">
                      {t('superUser')}
                    </Badge>
                  )}
                </HStack>
              </VStack>
              <DataList.Root orientation="horizontal" size="md">
                {rows.map(([label, value]) => (
                  <DataList.Item key={label}>
                    <DataList.ItemLabel>{label}</DataList.ItemLabel>
                    <DataList.ItemValue>{value}</DataList.ItemValue>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('close', { ns: 'common' })}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};

/** The avatar menu of the top bar: the user's profile and logout. */
export const ProfileMenu = ({ user }: { user: SessionUser }) => {
  const { t } = useTranslation('shell');
  const logout = useLogout();
  const [profileOpen, setProfileOpen] = useState(false);
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button variant="ghost" px="1.5" aria-label={t('account')} data-testid="profile-menu">
            <Avatar.Root size="sm" colorPalette="brand" variant="solid">
              <Avatar.Fallback name={user.name} />
              <Avatar.Image src={imageUrl(user.profileImage)} />
            </Avatar.Root>
          </Button>
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
      <ProfileDialog user={user} open={profileOpen} onClose={() => setProfileOpen(false)} />
    </>
  );
};
