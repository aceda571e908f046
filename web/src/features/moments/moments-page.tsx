import { Badge, Box, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MomentTicket } from '@sb/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeIn } from '../../lib/dates.js';
import { useAppSelector } from '../../app/hooks.js';
import { IdSelect } from '../../components/id-select.js';
import { PageTitle } from '../../components/page-title.js';
import { isAdmin } from '../auth/access.js';
import { selectUser } from '../auth/session.slice.js';
import { useListQueuesQuery } from '../queues/queues.api.js';
import { useGetUserPickerQuery } from '../users/users.api.js';
import { cardsOf, type MomentCard } from './moments-cards.js';
import type { MomentsFilter } from './moments-live.js';
import { useGetMomentsQuery } from './moments.api.js';
import { momentsRange } from './report-days.js';
import { useReportTimeZone } from './use-report-today.js';

/** A ticket's line; its last change on the company's calendar (the list spans days, so with the day). */
const TicketLine = ({ ticket, timeZone }: { ticket: MomentTicket; timeZone: string }) => {
  const { t, i18n } = useTranslation('moments');
  return (
    <HStack
      as="li"
      justify="space-between"
      borderTopWidth="1px"
      py="1.5"
      gap="2"
      data-testid="moments-ticket"
    >
      <Text truncate>{ticket.contact.name || `#${ticket.id}`}</Text>
      <HStack gap="2" flexShrink={0}>
        {ticket.queue ? (
          <Badge variant="outline" borderColor={ticket.queue.color}>
            {ticket.queue.name}
          </Badge>
        ) : (
          <Badge variant="outline">{t('noQueue')}</Badge>
        )}
        <Text color="fg.muted" fontSize="sm">
          {formatDateTimeIn(ticket.updatedAt, timeZone, i18n.language)}
        </Text>
      </HStack>
    </HStack>
  );
};

const Card = ({ card, timeZone }: { card: MomentCard; timeZone: string }) => {
  const { t } = useTranslation('moments');
  const title = card.kind === 'pending' ? t('pending') : card.user.name;
  return (
    <Box
      as="article"
      aria-label={title}
      borderWidth="1px"
      borderRadius="md"
      p="4"
      bg="bg.panel"
      data-testid="moments-card"
      data-user-id={card.kind === 'user' ? card.user.id : 'pending'}
    >
      <HStack justify="space-between" mb="2">
        <HStack gap="2" minW="0">
          <Text as="h2" fontWeight="semibold" truncate>
            {title}
          </Text>
          {card.kind === 'user' && card.user.admin && (
            <Badge colorPalette="purple" data-testid="moments-admin">
              {t('admin')}
            </Badge>
          )}
        </HStack>
        <Badge data-testid="moments-count" aria-label={t('count', { count: card.tickets.length })}>
          {card.tickets.length}
        </Badge>
      </HStack>
      {card.tickets.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('empty')}
        </Text>
      ) : (
        // a long list scrolls inside the card: focusable, so a keyboard can scroll it too
        <Stack
          as="ul"
          gap="0"
          listStyleType="none"
          maxH="80"
          overflowY="auto"
          tabIndex={0}
          aria-label={title}
        >
          {card.tickets.map((ticket) => (
            <TicketLine key={ticket.id} ticket={ticket} timeZone={timeZone} />
          ))}
        </Stack>
      )}
    </Box>
  );
};

/**
 * Tempo Real (spec 2 §2, /moments): the Pendentes card and one card per user with open tickets, admins
 * flagged; a plain user sees only their own card. Kept live by the company's ticket events.
 */
export const MomentsPage = () => {
  const { t } = useTranslation('moments');
  const user = useAppSelector(selectUser);
  const admin = !!user && isAdmin(user);
  // dates are sent once the user picks one; until then the server's default (the last 30 days of
  // the report zone), shown in the inputs as the same days of that zone
  const [filter, setFilter] = useState<MomentsFilter>({});
  const timeZone = useReportTimeZone();
  const shown = momentsRange(filter, timeZone, Date.now());
  const open = useGetMomentsQuery({ ...filter, status: 'open' });
  const pending = useGetMomentsQuery({ ...filter, status: 'pending' }, { skip: !admin });
  const queues = useListQueuesQuery();
  const users = useGetUserPickerQuery(undefined, { skip: !admin });

  const cards = useMemo(
    () =>
      user
        ? cardsOf(open.data ?? [], pending.data ?? [], users.data ?? [], {
            id: user.id,
            name: user.name,
            admin,
          })
        : [],
    [open.data, pending.data, users.data, user, admin],
  );
  const setDay = (field: 'dateStart' | 'dateEnd') => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFilter((old) => ({
      ...old,
      dateStart: shown.from,
      dateEnd: shown.to,
      [field]: e.target.value || undefined,
    }));

  return (
    <PageTitle titleKey="moments">
      <HStack gap="4" mb="4" wrap="wrap" align="end" data-testid="moments-filter">
        <Field.Root maxW="48">
          <Field.Label>{t('startDate')}</Field.Label>
          <Input type="date" value={shown.from} onChange={setDay('dateStart')} />
        </Field.Root>
        <Field.Root maxW="48">
          <Field.Label>{t('endDate')}</Field.Label>
          <Input type="date" value={shown.to} onChange={setDay('dateEnd')} />
        </Field.Root>
        <IdSelect
          label={t('queue')}
          allLabel={t('all')}
          options={queues.data ?? []}
          value={filter.queueIds?.[0]}
          onChange={(id) => setFilter((old) => ({ ...old, queueIds: id ? [id] : undefined }))}
        />
        {admin && (
          <IdSelect
            label={t('user')}
            allLabel={t('all')}
            options={users.data ?? []}
            value={filter.userId}
            onChange={(id) => setFilter((old) => ({ ...old, userId: id }))}
          />
        )}
      </HStack>
      {open.isError || pending.isError ? (
        <Text color="fg.error" role="alert">
          {t('loadError')}
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {cards.map((card) => (
            <Card
              key={card.kind === 'user' ? card.user.id : 'pending'}
              card={card}
              timeZone={timeZone}
            />
          ))}
        </SimpleGrid>
      )}
    </PageTitle>
  );
};
