import {
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { TicketRecord } from '@sb/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { storedLaneOrder, storeLaneOrder } from '../../lib/browser-storage.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { useDebounced } from '../../components/paged-search.js';
import { PageTitle } from '../../components/page-title.js';
import { notify } from '../../components/toaster.js';
import { selectUser } from '../auth/session.slice.js';
import { useListKanbanTagsQuery } from '../tags/tags.api.js';
import {
  kanbanApi,
  useAddTicketTagMutation,
  useListKanbanTicketsQuery,
  useRemoveTicketTagsMutation,
} from './kanban.api.js';
import {
  buildLanes,
  DefaultLaneId,
  laneOf,
  movedLaneOrder,
  movedTags,
  moveSteps,
  orderLanes,
  type KanbanLane,
} from './kanban-logic.js';

const KanbanCard = ({
  ticket,
  lanes,
  laneId,
  onDragStart,
  onMove,
}: {
  ticket: TicketRecord;
  lanes: KanbanLane[];
  laneId: number;
  onDragStart: (ticket: TicketRecord) => void;
  onMove: (ticket: TicketRecord, laneId: number) => void;
}) => {
  const { t } = useTranslation('kanban');
  const navigate = useNavigate();
  return (
    <Stack
      draggable
      onDragStart={(event) => {
        event.dataTransfer?.setData('text/plain', String(ticket.id));
        onDragStart(ticket);
      }}
      data-testid={`kanban-card-${ticket.id}`}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="md"
      p="2"
      gap="1"
      cursor="grab"
    >
      <HStack justify="space-between">
        <Text fontSize="xs" color="fg.muted">
          {t('ticketNumber', { id: ticket.id })}
        </Text>
      </HStack>
      <Text fontWeight="semibold" truncate>
        {ticket.contact.name}
      </Text>
      <Text fontSize="sm">{ticket.contact.number}</Text>
      <Text fontSize="sm" color="fg.muted" truncate>
        {ticket.lastMessage}
      </Text>
      <HStack justify="space-between">
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field
            aria-label={t('moveTo', { id: ticket.id })}
            value={laneId}
            onChange={(event) => onMove(ticket, Number(event.target.value))}
          >
            {lanes.map((lane) => (
              <option key={lane.id} value={lane.id}>
                {lane.name ?? t('defaultLane')}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="xs" onClick={() => void navigate(`/tickets/${ticket.uuid}`)}>
          {t('viewTicket')}
        </Button>
      </HStack>
    </Stack>
  );
};

/**
 * /Kanban (spec 3 §2.11): one default lane for tickets without kanban tag plus one lane per kanban tag
 * in the tag's colour. Dragging a card (or choosing its lane) moves the ticket: its tag link goes, the
 * lane's tag link comes, each with its toast (spec 3 §4). Only the user's queues are shown.
 */
export const KanbanPage = () => {
  const { t } = useTranslation('kanban');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), 500);
  const queueIds = user?.queues.map((q) => q.id) ?? [];
  const args = { queueIds, searchParam: searchParam || undefined };
  const { data, isFetching, refetch } = useListKanbanTicketsQuery(args);
  const { data: tags = [] } = useListKanbanTagsQuery();
  const [removeTags] = useRemoveTicketTagsMutation();
  const [addTag] = useAddTicketTagMutation();
  const dragged = useRef<TicketRecord | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // the lane order is the user's own, kept in this browser (browser-storage.ts storedLaneOrder)
  const [laneOrder, setLaneOrder] = useState<number[]>(() =>
    user ? storedLaneOrder(user.id) : [],
  );
  const lanes = orderLanes(buildLanes(data?.tickets ?? [], tags), laneOrder);
  const moveLane = (id: number, step: -1 | 1) => {
    const next = movedLaneOrder(
      lanes.map((lane) => lane.id),
      id,
      step,
    );
    setLaneOrder(next);
    if (user) storeLaneOrder(user.id, next);
  };
  const tagIds = tags.map((tag) => tag.id);

  const move = async (ticket: TicketRecord, toLane: number) => {
    const steps = moveSteps(ticket.id, laneOf(ticket, tagIds), toLane);
    if (steps.length === 0) return;
    const target = tags.find((tag) => tag.id === toLane) ?? null;
    // the card moves at once; the board reloads after the calls
    const patch = dispatch(
      kanbanApi.util.updateQueryData('listKanbanTickets', args, (draft) => {
        const moved = draft.tickets.find((item) => item.id === ticket.id);
        if (moved) moved.tags = movedTags(target);
      }),
    );
    try {
      for (const step of steps) {
        if (step.kind === 'remove') {
          await removeTags(step.ticketId).unwrap();
          notify.success(t('removed'));
        } else {
          await addTag({ ticketId: step.ticketId, tagId: step.tagId }).unwrap();
          notify.success(t('added'));
        }
      }
    } catch (error) {
      // kanban errors are only logged (spec 3 §8); the board shows the server's state again
      console.error('kanban move failed', error);
      patch.undo();
    }
    void refetch();
  };

  return (
    // the board fills the page area under its title (top bar 64 px, page padding 16 or 32 px a side);
    // its lanes scroll, the page does not
    <PageTitle
      titleKey="kanban"
      display="flex"
      flexDirection="column"
      h={{ base: 'calc(100dvh - 96px)', md: 'calc(100dvh - 128px)' }}
      minH="96"
    >
      <HStack mb="3">
        <Input
          size="sm"
          maxW="xs"
          aria-label={t('search')}
          placeholder={t('search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {isFetching && <Spinner size="sm" />}
      </HStack>
      <Flex gap="3" overflowX="auto" flex="1" minH="0" align="stretch" pb="1">
        {lanes.map((lane, index) => (
          <Stack
            key={lane.id}
            data-testid={`kanban-lane-${lane.id}`}
            role="region"
            aria-label={lane.name ?? t('defaultLane')}
            // lanes share the width, at least 260 px each (then the board scrolls), at most 360 px
            flex="1 0 260px"
            maxW="360px"
            bg={over === lane.id ? 'bg.emphasized' : 'bg.muted'}
            borderRadius="md"
            borderTopWidth="4px"
            style={{ borderTopColor: lane.color ?? undefined }}
            p="2"
            gap="2"
            overflowY="auto"
            onDragOver={(event) => {
              event.preventDefault();
              setOver(lane.id);
            }}
            onDragLeave={() => setOver((current) => (current === lane.id ? null : current))}
            onDrop={(event) => {
              event.preventDefault();
              setOver(null);
              const ticket = dragged.current;
              dragged.current = null;
              if (ticket) void move(ticket, lane.id);
            }}
          >
            <HStack justify="space-between" gap="1">
              <Text fontWeight="semibold" truncate>
                {lane.name ?? t('defaultLane')}
              </Text>
              <HStack gap="0.5">
                <Badge>{lane.tickets.length}</Badge>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={t('laneLeft', { name: lane.name ?? t('defaultLane') })}
                  title={t('laneLeft', { name: lane.name ?? t('defaultLane') })}
                  disabled={index === 0}
                  onClick={() => moveLane(lane.id, -1)}
                >
                  <LuChevronLeft />
                </IconButton>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  aria-label={t('laneRight', { name: lane.name ?? t('defaultLane') })}
                  title={t('laneRight', { name: lane.name ?? t('defaultLane') })}
                  disabled={index === lanes.length - 1}
                  onClick={() => moveLane(lane.id, 1)}
                >
                  <LuChevronRight />
                </IconButton>
              </HStack>
            </HStack>
            {lane.tickets.map((ticket) => (
              <KanbanCard
                key={ticket.id}
                ticket={ticket}
                lanes={lanes}
                laneId={lane.id}
                onDragStart={(item) => {
                  dragged.current = item;
                }}
                onMove={(item, laneId) => void move(item, laneId)}
              />
            ))}
            {lane.tickets.length === 0 && (
              <Box color="fg.muted" fontSize="sm" textAlign="center" py="4">
                {lane.id === DefaultLaneId ? t('emptyDefault') : t('empty')}
              </Box>
            )}
          </Stack>
        ))}
      </Flex>
    </PageTitle>
  );
};
