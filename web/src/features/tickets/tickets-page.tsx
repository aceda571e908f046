import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  Input,
  Stack,
  Switch,
  Tabs,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { hasPermission, type TicketRecord, type TicketStatus } from '@sb/contracts';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.js';
import { lazyComponent } from '../../app/lazy-page.js';
import { FullPageSpinner } from '../../components/full-page-spinner.js';
import { useDebounced } from '../../components/paged-search.js';
import { toastError } from '../../components/toaster.js';
import { useElementWidth } from '../../components/use-element-width.js';
import { MobileQuery, useMediaQuery } from '../../components/use-media-query.js';
import { isAdmin } from '../auth/access.js';
import { selectUser } from '../auth/session.slice.js';
import { ChipChoice } from './list/chip-choice.js';
import { FirstStepsHint } from './list/first-steps-hint.js';
import {
  EmptySearchFilters,
  SearchFilters,
  type SearchFilterValues,
} from './list/search-filters.js';
import { MinChatWidth } from './chat/chat-width.js';
import { TicketList } from './list/ticket-list.js';
import { speedDialActions } from './ticket-permissions.js';
import { SpeedDial } from './list/speed-dial.js';
import { useCloseAllTicketsMutation } from './tickets.api.js';
import { useTicketActions } from './use-ticket-actions.js';

// Not needed to show the lists (issue 14): the chat loads when a ticket is opened, the dialogs when used.
const TicketChat = lazyComponent(() => import('./chat/ticket-chat.js').then((m) => m.TicketChat));
const TicketActionDialogs = lazyComponent(() =>
  import('./dialogs/ticket-dialogs.js').then((m) => m.TicketActionDialogs),
);
const TicketDialog = lazyComponent(() =>
  import('./dialogs/ticket-dialog.js').then((m) => m.TicketDialog),
);
const NewTicketModal = lazyComponent(() =>
  import('./dialogs/new-ticket-modal.js').then((m) => m.NewTicketModal),
);

/** Loads the lazy parts now (tests: a dialog then shows in the same pass). */
export const preloadTicketParts = () =>
  Promise.all(
    [TicketChat, TicketActionDialogs, TicketDialog, NewTicketModal].map((c) => c.preload()),
  );

type TopTab = 'open' | 'closed' | 'search';
const OpenSubTabs = ['open', 'pending', 'group'] as const satisfies readonly TicketStatus[];
const UuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The ticket list's width beside the chat (380 px from 1536 px up). */
const ListWidth = 320;
/** A column that takes the height left to it and lets its last child scroll. */
const Fill = { display: 'flex', flexDirection: 'column', flex: '1', minH: '0' } as const;

/**
 * /tickets and /tickets/:ticketId (spec 1 §2 Ticket workspace): the lists on the left (open with its
 * open/pending/group sub-tabs, closed, search with its filter panel), the chosen ticket's chat on the
 * right; under 600 px, or wherever the two do not fit side by side, the two panes become tabs.
 */
export const TicketsPage = () => {
  const { t } = useTranslation('tickets');
  const { t: tRoutes } = useTranslation('routes');
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  const { ticketId } = useParams();
  const uuid = ticketId && UuidPattern.test(ticketId) ? ticketId : undefined;
  const phone = useMediaQuery(MobileQuery);
  const [workspaceRef, workspaceWidth] = useElementWidth();
  // the list and the chat side by side need room for both; narrower (a phone, a tablet), they are tabs
  const mobile =
    phone || (workspaceWidth !== undefined && workspaceWidth < ListWidth + MinChatWidth);
  // `?status=pending` (the dashboard's waiting card) opens that list of every queue
  const [address] = useSearchParams();
  const askedStatus = OpenSubTabs.find((status) => status === address.get('status'));
  const [tab, setTab] = useState<TopTab>('open');
  const [subTab, setSubTab] = useState<(typeof OpenSubTabs)[number]>(askedStatus ?? 'open');
  const [mobilePane, setMobilePane] = useState<'list' | 'chat'>(uuid ? 'chat' : 'list');
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search, 500).trim();
  const [showAll, setShowAll] = useState(askedStatus !== undefined);
  const [queueIds, setQueueIds] = useState<number[]>(() => user?.queues.map((q) => q.id) ?? []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [searchFilters, setSearchFilters] = useState<SearchFilterValues>(EmptySearchFilters);
  const [counts, setCounts] = useState<Partial<Record<TicketStatus, number>>>({});
  const [creating, setCreating] = useState(false);
  const [confirmCloseAll, setConfirmCloseAll] = useState(false);
  const [closeAll, { isLoading: closingAll }] = useCloseAllTicketsMutation();
  const actions = useTicketActions(user?.id ?? 0);
  const onCount = useCallback(
    (status: TicketStatus, count: number) =>
      setCounts((all) => (all[status] === count ? all : { ...all, [status]: count })),
    [],
  );

  useEffect(() => setMobilePane(uuid ? 'chat' : 'list'), [uuid]);
  // typing a search goes to the search tab, like the reference
  useEffect(() => {
    if (searchParam) setTab('search');
  }, [searchParam]);

  if (!user) return null;
  const admin = isAdmin(user);
  const mayShowAll = hasPermission(user, 'tickets-manager:showall');
  const base = { showAll: mayShowAll && showAll, queueIds };
  const open = (ticket: TicketRecord) => void navigate(`/tickets/${ticket.uuid}`);
  const listProps = {
    selectedUuid: uuid,
    isAdmin: admin,
    onCount,
    onOpen: open,
    onAction: actions.run,
  };

  const list = (
    <Stack
      position="relative"
      w={mobile ? 'full' : { base: 'full', sm: `${ListWidth}px`, '2xl': '380px' }}
      flexShrink={0}
      borderRightWidth="1px"
      gap="2"
      h="full"
      minH="0"
    >
      <HStack px="2" pt="2">
        <Input
          size="sm"
          aria-label={t('search')}
          placeholder={t('search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </HStack>
      {admin && <FirstStepsHint />}
      <Box px="2">
        <ChipChoice
          label={t('queues')}
          options={user.queues}
          value={queueIds}
          onChange={setQueueIds}
        />
      </Box>
      {mayShowAll && (
        <Box px="2">
          <Switch.Root size="sm" checked={showAll} onCheckedChange={(d) => setShowAll(d.checked)}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('showAll')}</Switch.Label>
          </Switch.Root>
        </Box>
      )}
      {/* each tab list's panel holds the chosen tab's lists (a tab must control a tabpanel) */}
      <Tabs.Root value={tab} onValueChange={(d) => setTab(d.value as TopTab)} size="sm" {...Fill}>
        <Tabs.List>
          <Tabs.Trigger value="open">{t('tabs.open')}</Tabs.Trigger>
          <Tabs.Trigger value="closed">{t('tabs.closed')}</Tabs.Trigger>
          <Tabs.Trigger value="search">{t('tabs.search')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value={tab} {...Fill} gap="2" pt="2" pb="0">
          {/* the three open sub-lists stay mounted so each count badge follows its list */}
          <Tabs.Root
            value={subTab}
            onValueChange={(d) => setSubTab(d.value as typeof subTab)}
            size="sm"
            variant="subtle"
            {...Fill}
            display={tab === 'open' ? 'flex' : 'none'}
          >
            <Tabs.List>
              {OpenSubTabs.map((status) => (
                <Tabs.Trigger key={status} value={status}>
                  {t(`status.${status}`)}
                  <Badge size="xs" data-testid={`count-${status}`}>
                    {counts[status] ?? 0}
                  </Badge>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value={subTab} {...Fill} pt="2" pb="0">
              {OpenSubTabs.map((status) => (
                <Flex key={status} flex="1" minH="0" display={subTab === status ? 'flex' : 'none'}>
                  <TicketList filters={{ ...base, status }} countKey={status} {...listProps} />
                </Flex>
              ))}
            </Tabs.Content>
          </Tabs.Root>
          {tab === 'search' && (
            <HStack px="2" justify="space-between">
              <Text fontSize="sm" color="fg.muted">
                {t('filters.title')}
              </Text>
              <Button size="xs" variant="ghost" onClick={() => setFiltersOpen((v) => !v)}>
                {filtersOpen ? t('filters.hide') : t('filters.show')}
              </Button>
            </HStack>
          )}
          {tab === 'search' && filtersOpen && (
            <SearchFilters value={searchFilters} isAdmin={admin} onChange={setSearchFilters} />
          )}
          {tab === 'closed' && (
            <TicketList filters={{ ...base, status: 'closed' }} {...listProps} />
          )}
          {tab === 'search' && (
            <TicketList
              filters={{
                ...base,
                searchParam: searchParam || undefined,
                tags: searchFilters.tags,
                whatsapps: searchFilters.whatsapps,
                statusFilter: searchFilters.statusFilter,
                users: admin ? searchFilters.users : undefined,
                date: searchFilters.date || undefined,
                withUnreadMessages: searchFilters.withUnreadMessages || undefined,
              }}
              {...listProps}
            />
          )}
        </Tabs.Content>
      </Tabs.Root>
      <SpeedDial
        actions={speedDialActions(user)}
        onAction={(action) =>
          action === 'newTicket' ? setCreating(true) : setConfirmCloseAll(true)
        }
      />
    </Stack>
  );

  const chat = uuid ? (
    <Suspense fallback={<FullPageSpinner height="full" />}>
      <TicketChat key={uuid} uuid={uuid} user={user} />
    </Suspense>
  ) : (
    <Flex flex="1" align="center" justify="center">
      <Text color="fg.muted">{t('noTicket')}</Text>
    </Flex>
  );

  return (
    // the shell gives the workspace the window's height left under the top bar
    <Box {...Fill} ref={workspaceRef}>
      {/* the workspace has no visible title; the heading names the page for screen readers */}
      <VisuallyHidden asChild>
        <h1>{tRoutes('tickets')}</h1>
      </VisuallyHidden>
      {mobile ? (
        <Tabs.Root
          value={mobilePane}
          onValueChange={(d) => setMobilePane(d.value as 'list' | 'chat')}
          size="sm"
          {...Fill}
        >
          <Tabs.List>
            <Tabs.Trigger value="chat">{t('mobile.ticket')}</Tabs.Trigger>
            <Tabs.Trigger value="list">{t('mobile.list')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value={mobilePane} {...Fill} p="0">
            {mobilePane === 'list' ? list : chat}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <Flex flex="1" minH="0">
          {list}
          {chat}
        </Flex>
      )}
      <Suspense fallback={null}>
        {creating && (
          <NewTicketModal
            user={user}
            onClose={() => setCreating(false)}
            onCreated={(ticket) => {
              setCreating(false);
              void navigate(`/tickets/${ticket.uuid}`);
            }}
            onTaken={actions.setTaken}
          />
        )}
        {(actions.transferring || actions.closing || actions.choosingQueue || actions.taken) && (
          <TicketActionDialogs actions={actions} user={user} />
        )}
        {confirmCloseAll && (
          <TicketDialog
            title={t('closeAllConfirm')}
            onClose={() => setConfirmCloseAll(false)}
            action={{
              label: t('closeAll'),
              busy: closingAll,
              onClick: () =>
                void closeAll({ status: 'closed', queueIds })
                  .unwrap()
                  .then(() => setConfirmCloseAll(false), toastError),
            }}
          >
            <Text>{t('closeAllText')}</Text>
          </TicketDialog>
        )}
      </Suspense>
    </Box>
  );
};
