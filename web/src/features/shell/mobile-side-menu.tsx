import { Drawer, Portal } from '@chakra-ui/react';
import type { SessionUser } from '@sb/contracts';
import { DrawerWidth, MenuContent } from './side-menu.js';

/** Temporary drawer below 600 px: an overlay that closes on navigation. */
export const MobileSideMenu = ({
  user,
  open,
  onClose,
}: {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}) => (
  <Drawer.Root open={open} placement="start" onOpenChange={(details) => !details.open && onClose()}>
    <Portal>
      <Drawer.Backdrop />
      <Drawer.Positioner>
        <Drawer.Content maxW={`${DrawerWidth}px`} bg="shell.drawer" data-testid="side-menu">
          <MenuContent user={user} narrow={false} onNavigate={onClose} />
        </Drawer.Content>
      </Drawer.Positioner>
    </Portal>
  </Drawer.Root>
);
