import { Box, Flex } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.js';
import { MobileQuery, useMediaQuery } from '../../components/use-media-query.js';
import { useSessionSocket } from '../auth/session-socket.js';
import { selectUser } from '../auth/session.slice.js';
import type { SessionUser } from '@sb/contracts';
import { lazyComponent } from '../../app/lazy-page.js';
import { hasPlanFlag } from '../auth/access.js';
import { ChatsWatcher } from '../chats/chats-watcher.js';
import { MaintenanceGate } from '../maintenance/maintenance-gate.js';
import { SideMenu } from './side-menu.js';
import { TopBar } from './top-bar.js';

// the phone's drawer (a dialog machine) loads when first opened
const MobileSideMenu = lazyComponent(() =>
  import('./mobile-side-menu.js').then((m) => m.MobileSideMenu),
);

/** The ticket workspace and the internal chat fill the window below the top bar and scrolls only inside its panes. */
const fillsWindow = (pathname: string) => /^\/(tickets|chats)(\/|$)/.test(pathname);

const Shell = ({ user }: { user: SessionUser }) => {
  const mobile = useMediaQuery(MobileQuery);
  const fill = fillsWindow(useLocation().pathname);
  // The user's defaultMenu decides whether the wide drawer starts open; the overlay always starts closed.
  const [wideOpen, setWideOpen] = useState(user.defaultMenu !== 'closed');
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileUsed, setMobileUsed] = useState(false);
  useSessionSocket(user);

  return (
    // The shell is exactly the window's height: the page never scrolls as a whole, the main area does
    // (or, in the workspace, its lists and chat).
    // a fenced company (an export, a move): the maintenance screen instead, the socket kept open
    <MaintenanceGate>
      <Flex h="100dvh" overflow="hidden" bg="bg.canvas">
        {hasPlanFlag(user, 'useInternalChat') && <ChatsWatcher user={user} />}
        {mobile ? (
          mobileUsed && (
            <Suspense fallback={null}>
              <MobileSideMenu user={user} open={mobileOpen} onClose={() => setMobileOpen(false)} />
            </Suspense>
          )
        ) : (
          <SideMenu user={user} open={wideOpen} />
        )}
        <Flex direction="column" flex="1" minW="0" minH="0">
          <TopBar
            user={user}
            wide={!mobile}
            onToggleMenu={() => {
              if (!mobile) return setWideOpen((open) => !open);
              setMobileUsed(true);
              setMobileOpen((open) => !open);
            }}
          />
          <Box
            as="main"
            flex="1"
            minW="0"
            minH="0"
            {...(fill
              ? {
                  display: 'flex',
                  flexDirection: 'column',
                  overflow: 'hidden',
                  p: { base: '0', md: '3' },
                }
              : { overflowY: 'auto', p: { base: '4', md: '8' } })}
          >
            <Outlet />
          </Box>
        </Flex>
      </Flex>
    </MaintenanceGate>
  );
};

/** The app shell of spec 1 §2: drawer, top bar, and the page. */
export const AppShell = () => {
  const user = useAppSelector(selectUser);
  return user ? <Shell user={user} /> : null;
};
