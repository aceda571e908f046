import { Box, Flex, HStack, IconButton, Popover, Text } from '@chakra-ui/react';
import type { SessionUser } from '@sb/contracts';
import { Suspense } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { LuBell, LuInbox, LuMegaphone, LuMenu, LuMessageCircle, LuRefreshCw } from 'react-icons/lu';
import { baseApi, TagTypes } from '../../api/base-api.js';
import { useAppDispatch } from '../../app/hooks.js';
import { isAdmin, hasPlanFlag } from '../auth/access.js';
import { formatDate } from '../auth/due-date.js';
import { lazyComponent } from '../../app/lazy-page.js';
import { HeaderPopover } from './header-popover.js';
import { LanguageMenu, ThemeToggle } from './preference-controls.js';
import { ProfileMenu } from './profile-menu.js';
import { TopBarOverflow } from './top-bar-overflow.js';
import { VolumeControl } from './volume-control.js';

// the bell with its unread count (spec 1 §2): its list and alerts come with the ticket calls
const TicketNotifications = lazyComponent(() =>
  import('../tickets/notifications/ticket-notifications.js').then((m) => m.TicketNotifications),
);

// the announcements button with its unread count; its list loads when the popover opens
const AnnouncementsBell = lazyComponent(() =>
  import('../announcements/announcements-bell.js').then((m) => m.AnnouncementsBell),
);

// the same for the internal chats popover
const ChatsPopoverList = lazyComponent(() =>
  import('../chats/chats-popover.js').then((m) => m.ChatsPopoverList),
);

/** Top bar of the shell: drawer toggle, greeting, and the user's controls (spec 1 §2 "App shell"). */
export const TopBar = ({
  user,
  wide,
  onToggleMenu,
}: {
  user: SessionUser;
  wide: boolean;
  onToggleMenu: () => void;
}) => {
  const { t } = useTranslation('shell');
  const dispatch = useAppDispatch();
  const refresh = () => dispatch(baseApi.util.invalidateTags([...TagTypes]));

  return (
    <Flex
      as="header"
      h="16"
      px={{ base: '2', md: '4' }}
      align="center"
      gap="2"
      bg="shell.bar"
      color="shell.barFg"
      position="sticky"
      top="0"
      zIndex="sticky"
      boxShadow="sm"
      css={{
        '& button': { color: 'shell.barFg' },
        '& button:hover, & button[data-state=open]': { bg: 'whiteAlpha.200' },
      }}
    >
      <IconButton
        aria-label={t('toggleMenu')}
        variant="ghost"
        onClick={onToggleMenu}
        data-testid="menu-toggle"
      >
        <LuMenu />
      </IconButton>
      <Box flex="1" minW="0">
        <Text truncate fontSize={{ base: 'sm', md: 'md' }} data-testid="greeting">
          <Trans
            t={t}
            i18nKey="greeting"
            values={{ name: user.name, company: user.company.name }}
            components={{ strong: <Text as="strong" fontWeight="semibold" /> }}
          />
        </Text>
        {wide && isAdmin(user) && (
          <Text fontSize="xs" opacity={0.8} data-testid="due-date">
            {t('dueDate', { date: formatDate(user.company.dueDate) })}
          </Text>
        )}
      </Box>
      <HStack gap="0.5">
        {wide && <VolumeControl />}
        {wide && (
          <IconButton
            aria-label={t('refresh')}
            title={t('refresh')}
            variant="ghost"
            onClick={refresh}
          >
            <LuRefreshCw />
          </IconButton>
        )}
        <Suspense
          fallback={
            <HeaderPopover
              label={t('notifications')}
              icon={<LuBell />}
              emptyIcon={<LuInbox />}
              emptyText={t('noTickets')}
              testId="notifications"
            />
          }
        >
          <TicketNotifications user={user} />
        </Suspense>
        {wide && (
          <Suspense
            fallback={
              <HeaderPopover
                label={t('announcements')}
                icon={<LuMegaphone />}
                emptyIcon={<LuMegaphone />}
                emptyText={t('noAnnouncements')}
                testId="announcements"
              />
            }
          >
            <AnnouncementsBell user={user} />
          </Suspense>
        )}
        {wide && hasPlanFlag(user, 'useInternalChat') && (
          <HeaderPopover
            label={t('internalChats')}
            icon={<LuMessageCircle />}
            emptyIcon={<LuMessageCircle />}
            emptyText={t('noChats')}
            testId="internal-chats"
          >
            <Suspense fallback={null}>
              {/* choosing a chat opens its page and closes the popover */}
              <Popover.Context>
                {(popover) => (
                  <ChatsPopoverList viewer={user} onChosen={() => popover.setOpen(false)} />
                )}
              </Popover.Context>
            </Suspense>
          </HeaderPopover>
        )}
        {!wide && <TopBarOverflow user={user} onRefresh={refresh} />}
        <LanguageMenu />
        <ThemeToggle />
        <ProfileMenu user={user} />
      </HStack>
    </Flex>
  );
};
