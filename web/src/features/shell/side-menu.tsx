import type { ParseKeys } from 'i18next';
import { Badge, Box, Flex, Portal, Stack, Text, Tooltip, type BoxProps } from '@chakra-ui/react';
import type { SessionUser } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { BrandMark } from '../../components/brand-mark.js';
import { useUnreadChats } from '../chats/chats.api.js';
import { useConnectionProblem } from '../connections/connections.api.js';
import { useCampaignRoutes } from '../../lib/campaign-routes.js';
import { menuItemsFor, type MenuItem, type MenuSection } from './menu-items.js';
import { useGetVersionQuery } from './shell.api.js';

export const DrawerWidth = 240;
export const NarrowDrawerWidth = 68;

const ConnectionsBadge = ({ narrow }: { narrow: boolean }) => {
  const { t } = useTranslation('shell');
  if (!useConnectionProblem()) return null;
  return narrow ? (
    <Box position="absolute" top="1.5" right="2" boxSize="2.5" borderRadius="full" bg="red.solid" />
  ) : (
    <Badge
      colorPalette="red"
      variant="solid"
      size="sm"
      ms="auto"
      role="img"
      aria-label={t('connectionProblem')}
    >
      !
    </Badge>
  );
};

const ChatsDot = ({ userId, narrow }: { userId: number; narrow: boolean }) => {
  const { t } = useTranslation('shell');
  if (!useUnreadChats(userId)) return null;
  return (
    <Box
      aria-label={t('unreadChats')}
      role="status"
      boxSize="2.5"
      borderRadius="full"
      bg="brand.solid"
      {...(narrow ? { position: 'absolute', top: '1.5', right: '2' } : { ms: 'auto' })}
    />
  );
};

const NavItem = ({
  item,
  user,
  narrow,
  onNavigate,
}: {
  item: MenuItem;
  user: SessionUser;
  narrow: boolean;
  onNavigate?: () => void;
}) => {
  const { t } = useTranslation('routes');
  const label = t(item.labelKey);
  const Icon = item.icon;
  const link = (
    <Box asChild position="relative">
      {/* named by its text when it shows one, so its indicator is heard too */}
      <NavLink
        to={item.to}
        end={item.to === '/'}
        onClick={onNavigate}
        aria-label={narrow ? label : undefined}
      >
        {({ isActive }) => (
          <Flex
            align="center"
            gap="3"
            minH="10"
            py="1.5"
            px={narrow ? '0' : '3'}
            justify={narrow ? 'center' : 'flex-start'}
            borderRadius="lg"
            fontSize="sm"
            fontWeight={isActive ? 'semibold' : 'medium'}
            color={isActive ? 'brand.fg' : 'fg.muted'}
            bg={isActive ? 'brand.muted' : 'transparent'}
            transition="background 0.15s, color 0.15s"
            _hover={{
              bg: isActive ? 'brand.muted' : 'bg.muted',
              color: isActive ? 'brand.fg' : 'fg',
            }}
            data-testid={`menu-${item.to}`}
          >
            <Box as="span" fontSize="lg" flexShrink={0}>
              <Icon />
            </Box>
            {!narrow && (
              // a long label ("Configurações de campanhas") wraps to a second line, never cut
              <Text as="span" lineClamp={2} lineHeight="short">
                {label}
              </Text>
            )}
            {item.indicator === 'connectionsError' && <ConnectionsBadge narrow={narrow} />}
            {item.indicator === 'chatsUnread' && <ChatsDot userId={user.id} narrow={narrow} />}
          </Flex>
        )}
      </NavLink>
    </Box>
  );
  if (!narrow) return link;
  return (
    <Tooltip.Root positioning={{ placement: 'right' }} openDelay={200}>
      <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
};

const SectionTitles: Record<MenuSection, ParseKeys<'shell'> | null> = {
  main: null,
  admin: 'administration',
  super: 'platform',
};

const AppVersion = ({ narrow }: { narrow: boolean }) => {
  const { t } = useTranslation('shell');
  const { data } = useGetVersionQuery();
  if (!data?.version) return null;
  return (
    <Text fontSize="xs" color="fg.subtle" textAlign="center" data-testid="app-version">
      {narrow ? `v${data.version}` : t('version', { version: data.version })}
    </Text>
  );
};

/** The drawer's content: brand, links by section with their conditions, app version. */
export const MenuContent = ({
  user,
  narrow,
  onNavigate,
}: {
  user: SessionUser;
  narrow: boolean;
  onNavigate?: () => void;
}) => {
  const { t } = useTranslation('shell');
  const items = menuItemsFor(user, useCampaignRoutes());
  const sections = (['main', 'admin', 'super'] as const)
    .map((section) => ({ section, items: items.filter((item) => item.section === section) }))
    .filter(({ items }) => items.length > 0);
  return (
    <Flex direction="column" h="full">
      <Flex
        h="16"
        align="center"
        px={narrow ? '0' : '5'}
        justify={narrow ? 'center' : 'flex-start'}
      >
        <BrandMark compact={narrow} />
      </Flex>
      <Stack as="nav" aria-label={t('menu')} gap="5" px="3" py="2" flex="1" overflowY="auto">
        {sections.map(({ section, items }) => {
          const title = SectionTitles[section];
          return (
            <Stack key={section} gap="0.5" role="list">
              {title && !narrow && (
                <Text
                  px="3"
                  pb="1"
                  fontSize="xs"
                  fontWeight="semibold"
                  textTransform="uppercase"
                  letterSpacing="0.06em"
                  color="fg.subtle"
                >
                  {t(title)}
                </Text>
              )}
              {title && narrow && <Box h="px" bg="border" mx="2" mb="2" />}
              {items.map((item) => (
                <Box role="listitem" key={item.to}>
                  <NavItem item={item} user={user} narrow={narrow} onNavigate={onNavigate} />
                </Box>
              ))}
            </Stack>
          );
        })}
      </Stack>
      <Box py="3" borderTopWidth="1px" borderColor="border.muted">
        <AppVersion narrow={narrow} />
      </Box>
    </Flex>
  );
};

/** Permanent drawer on wide screens: 240 px open, icons only when closed. */
export const SideMenu = ({
  user,
  open,
  ...rest
}: { user: SessionUser; open: boolean } & BoxProps) => (
  <Box
    as="aside"
    flexShrink={0}
    width={`${open ? DrawerWidth : NarrowDrawerWidth}px`}
    transition="width 0.2s ease"
    bg="shell.drawer"
    borderRightWidth="1px"
    borderColor="border.muted"
    h="full"
    overflow="hidden"
    data-testid="side-menu"
    data-state={open ? 'open' : 'narrow'}
    {...rest}
  >
    <MenuContent user={user} narrow={!open} />
  </Box>
);
