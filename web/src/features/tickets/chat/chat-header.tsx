import { Avatar, Button, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import type { TicketRecord } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../../app/runtime-config.js';
import { ContactDrawerId } from './contact-drawer.js';
import { actionsForStatus, type TicketAction } from '../ticket-permissions.js';

/** Contact name, presence, queue and the ticket's action buttons (spec 1 §2 Ticket chat screen). */
export const ChatHeader = ({
  ticket,
  mayDelete,
  busy,
  onAction,
  onToggleIntegration,
  onDelete,
  onShowLog,
  drawerOpen = false,
  onToggleDrawer,
}: {
  ticket: TicketRecord;
  mayDelete: boolean;
  busy: boolean;
  onAction: (action: TicketAction) => void;
  onToggleIntegration: (useIntegration: boolean) => void;
  onDelete: () => void;
  onShowLog: () => void;
  drawerOpen?: boolean;
  onToggleDrawer: () => void;
}) => {
  const { t } = useTranslation('tickets');
  return (
    <HStack
      justify="space-between"
      p="2"
      borderBottomWidth="1px"
      wrap="wrap"
      data-testid="chat-header"
    >
      {/* named by what it shows (the contact); what it does is its title and its expanded state */}
      <HStack
        as="button"
        gap="2"
        cursor="pointer"
        onClick={onToggleDrawer}
        minW="0"
        textAlign="start"
        borderRadius="md"
        title={t('drawer.toggle')}
        aria-expanded={drawerOpen}
        aria-controls={drawerOpen ? ContactDrawerId : undefined}
        data-testid="contact-toggle"
        _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
      >
        <Avatar.Root size="sm">
          <Avatar.Fallback name={ticket.contact.name} />
          {ticket.contact.urlPicture && <Avatar.Image src={mediaUrl(ticket.contact.urlPicture)} />}
        </Avatar.Root>
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold" truncate>
            {ticket.contact.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {ticket.presence
              ? t(`presence.${ticket.presence}`)
              : t('header.subtitle', {
                  id: ticket.id,
                  queue: ticket.queue?.name ?? t('noQueue'),
                  user: ticket.user?.name ?? '—',
                })}
          </Text>
        </Stack>
      </HStack>
      <HStack gap="1" wrap="wrap">
        <Switch.Root
          size="sm"
          checked={ticket.useIntegration}
          onCheckedChange={(d) => onToggleIntegration(d.checked)}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('header.integration')}</Switch.Label>
        </Switch.Root>
        {actionsForStatus(ticket.status).map((action) => (
          <Button
            key={action}
            size="xs"
            variant={action === 'close' ? 'solid' : 'outline'}
            loading={busy}
            onClick={() => onAction(action)}
          >
            {action === 'close' ? t('header.resolve') : t(`actions.${action}`)}
          </Button>
        ))}
        <Button size="xs" variant="ghost" onClick={onShowLog}>
          {t('log.open')}
        </Button>
        {mayDelete && (
          <Button size="xs" colorPalette="red" variant="outline" onClick={onDelete}>
            {t('actions.delete')}
          </Button>
        )}
      </HStack>
    </HStack>
  );
};
