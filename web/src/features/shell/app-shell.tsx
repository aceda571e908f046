import { Box, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.js';
import { MobileQuery, useMediaQuery } from '../../components/use-media-query.js';
import { useSessionSocket } from '../auth/session-socket.js';
import { selectUser } from '../auth/session.slice.js';
import type { SessionUser } from '@sb/contracts';
import { MobileSideMenu, SideMenu } from './side-menu.js';
import { TopBar } from './top-bar.js';

const Shell = ({ user }: { user: SessionUser }) => {
  const mobile = useMediaQuery(MobileQuery);
  // The user's defaultMenu decides whether the wide drawer starts open; the overlay always starts closed.
  const [wideOpen, setWideOpen] = useState(user.defaultMenu !== 'closed');
  const [mobileOpen, setMobileOpen] = useState(false);
  useSessionSocket(user);

  return (
    <Flex minH="100vh" bg="bg.canvas">
      {mobile ? (
        <MobileSideMenu user={user} open={mobileOpen} onClose={() => setMobileOpen(false)} />
      ) : (
        <SideMenu user={user} open={wideOpen} />
      )}
      <Flex direction="column" flex="1" minW="0">
        <TopBar
          user={user}
          wide={!mobile}
          onToggleMenu={() =>
            mobile ? setMobileOpen((open) => !open) : setWideOpen((open) => !open)
          }
        />
        <Box as="main" flex="1" p={{ base: '4', md: '8' }} minW="0">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
};

/** The app shell of spec 1 §2: drawer, top bar, and the page. */
export const AppShell = () => {
  const user = useAppSelector(selectUser);
  return user ? <Shell user={user} /> : null;
};
