import { Avatar, Badge, Box, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ChannelKind, TicketRecord } from '@sb/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FaFacebookMessenger, FaInstagram, FaWhatsapp } from 'react-icons/fa';
import { mediaUrl } from '../../../app/runtime-config.js';
import { TagChip } from '../../tags/tag-chip.js';
import { FormattedPreview } from '../chat/formatted-text.js';
import { lastMessagePreview, rowTime } from '../ticket-display.js';
import { actionsForStatus, type TicketAction } from '../ticket-permissions.js';

/** The channel badge's icon and its colour palette. */
const ChannelIcons: Record<ChannelKind, { icon: ReactNode; palette: string }> = {
  whatsapp: { icon: <FaWhatsapp />, palette: 'green' },
  whatsappapi: { icon: <FaWhatsapp />, palette: 'teal' },
  facebook: { icon: <FaFacebookMessenger />, palette: 'blue' },
  instagram: { icon: <FaInstagram />, palette: 'pink' },
};

const RatingEmoji = ['😡', '😠', '😐', '😊', '😍'];

/** One ticket of the list with its badges and the action buttons of its status. */
export const TicketRow = ({
  ticket,
  selected,
  isAdmin,
  onOpen,
  onAction,
}: {
  ticket: TicketRecord;
  selected: boolean;
  isAdmin: boolean;
  onOpen: (ticket: TicketRecord) => void;
  onAction: (action: TicketAction, ticket: TicketRecord) => void;
}) => {
  const { t } = useTranslation('tickets');
  const preview = lastMessagePreview(ticket.lastMessage ?? '');
  const [firstTag, ...otherTags] = ticket.tags ?? [];
  // a pending ticket opens read-only (a preview with Accept), as in the product family
  const open = () => onOpen(ticket);
  // the open ticket is being read: no unread badge on it, whatever count an event brought
  const unread = selected ? 0 : ticket.unreadMessages;
  return (
    <HStack
      data-testid={`ticket-row-${ticket.id}`}
      align="stretch"
      gap="2"
      borderBottomWidth="1px"
      bg={selected ? 'bg.muted' : undefined}
      cursor="pointer"
      onClick={open}
    >
      <Box
        w="1"
        flexShrink={0}
        bg={ticket.queue?.color ?? 'gray.400'}
        title={ticket.queue?.name ?? t('noQueue')}
      />
      <Avatar.Root size="sm" mt="2">
        <Avatar.Fallback name={ticket.contact.name} />
        {ticket.contact.urlPicture && <Avatar.Image src={mediaUrl(ticket.contact.urlPicture)} />}
      </Avatar.Root>
      <Stack flex="1" gap="0.5" py="2" pr="2" minW="0">
        <HStack justify="space-between">
          <Text fontWeight="semibold" truncate>
            {ticket.contact.name.slice(0, 60)}
          </Text>
          <Text fontSize="xs" color="fg.muted" flexShrink={0} data-testid="row-time">
            {rowTime(ticket.updatedAt)}
          </Text>
        </HStack>
        <HStack justify="space-between">
          <Text fontSize="sm" color="fg.muted" truncate>
            {ticket.presence ? (
              <Text as="span" color="green.fg" fontStyle="italic">
                {t(`presence.${ticket.presence}`)}
              </Text>
            ) : preview.kind === 'text' ? (
              <FormattedPreview text={ticket.lastMessage ?? ''} />
            ) : (
              t(`preview.${preview.kind}`)
            )}
          </Text>
          {unread > 0 && (
            <Badge
              colorPalette="green"
              borderRadius="full"
              title={t('unread')}
              data-testid="unread-badge"
            >
              {unread}
              <VisuallyHidden> {t('unread')}</VisuallyHidden>
            </Badge>
          )}
        </HStack>
        <HStack gap="1" wrap="wrap">
          <Badge
            variant="outline"
            colorPalette={ChannelIcons[ticket.channel].palette}
            role="img"
            aria-label={t(`channel.${ticket.channel}`, ticket.channel)}
            title={t(`channel.${ticket.channel}`, ticket.channel)}
          >
            {ChannelIcons[ticket.channel].icon}
          </Badge>
          {ticket.whatsapp && <Badge>{ticket.whatsapp.name}</Badge>}
          {ticket.isGroup && <Badge colorPalette="purple">{t('group')}</Badge>}
          {isAdmin && ticket.user && <Badge colorPalette="blue">{ticket.user.name}</Badge>}
          {firstTag && <TagChip tag={firstTag} />}
          {otherTags.length > 0 && <Badge>+{otherTags.length}</Badge>}
          {ticket.status === 'closed' && ticket.userRating && (
            <Text as="span" role="img" aria-label={t('rating')}>
              {RatingEmoji[Math.min(Math.max(ticket.userRating.rate, 1), 5) - 1]}
            </Text>
          )}
        </HStack>
        {/* the buttons wrap inside the row's width instead of running under its edge */}
        <HStack gap="1" wrap="wrap">
          {actionsForStatus(ticket.status).map((action) => (
            <Button
              key={action}
              size="2xs"
              variant="outline"
              onClick={(event) => {
                event.stopPropagation();
                onAction(action, ticket);
              }}
            >
              {t(`actions.${action}`)}
            </Button>
          ))}
        </HStack>
      </Stack>
    </HStack>
  );
};
