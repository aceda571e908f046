import { CloseButton, Dialog, Menu, Portal } from '@chakra-ui/react';
import type { SessionUser } from '@sb/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMegaphone, LuMessageCircle, LuRefreshCw, LuVolume2 } from 'react-icons/lu';
import { hasPlanFlag } from '../auth/access.js';
import { AnnouncementsPopoverList } from '../announcements/announcements-popover.js';
import { ChatsPopoverList } from '../chats/chats-popover.js';
import { MoreButton } from './more-button.js';
import { useVolume, VolumeSlider } from './volume-slider.js';

type Panel = 'volume' | 'announcements' | 'internalChats';

const VolumePanel = () => {
  const [volume, change] = useVolume();
  return <VolumeSlider volume={volume} onChange={change} />;
};

/**
 * On a phone the top bar has no room for the refresh, volume, announcements and internal chat buttons:
 * this menu lists them (loaded on first use: top-bar-overflow.tsx); each panel opens as a dialog with what its popover shows on a wide screen.
 */
export const TopBarOverflow = ({
  user,
  onRefresh,
  defaultOpen = false,
}: {
  user: SessionUser;
  onRefresh: () => void;
  defaultOpen?: boolean;
}) => {
  const { t } = useTranslation('shell');
  const [panel, setPanel] = useState<Panel | null>(null);
  const panels: { value: Panel; icon: ReactNode }[] = [
    { value: 'volume', icon: <LuVolume2 /> },
    { value: 'announcements', icon: <LuMegaphone /> },
    ...(hasPlanFlag(user, 'useInternalChat')
      ? [{ value: 'internalChats' as const, icon: <LuMessageCircle /> }]
      : []),
  ];
  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end' }}
        defaultOpen={defaultOpen}
        onSelect={(details) =>
          details.value === 'refresh' ? onRefresh() : setPanel(details.value as Panel)
        }
      >
        <Menu.Trigger asChild>
          <MoreButton />
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              <Menu.Item value="refresh">
                <LuRefreshCw />
                {t('refresh')}
              </Menu.Item>
              {panels.map(({ value, icon }) => (
                <Menu.Item key={value} value={value} data-testid={`more-${value}`}>
                  {icon}
                  {t(value)}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Dialog.Root
        open={panel !== null}
        onOpenChange={(details) => !details.open && setPanel(null)}
        placement="center"
        size="xs"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>{panel && t(panel)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {panel === 'volume' && <VolumePanel />}
                {panel === 'announcements' && <AnnouncementsPopoverList />}
                {panel === 'internalChats' && (
                  <ChatsPopoverList viewer={user} onChosen={() => setPanel(null)} />
                )}
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('close', { ns: 'common' })} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
};
