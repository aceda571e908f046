import { Button, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import {
  hasPermission,
  type MessageRecord,
  type SessionUser,
  type TicketSocketPayload,
} from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCompanyEvents } from '../../../api/use-company-events.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { notify, toastError } from '../../../components/toaster.js';
import { useElementWidth } from '../../../components/use-element-width.js';
import { MobileQuery, useMediaQuery } from '../../../components/use-media-query.js';
import { hasPlanFlag } from '../../auth/access.js';
import { ChatHeader } from './chat-header.js';
import { MinChatWidth } from './chat-width.js';
import { Composer, storedSign } from '../composer/composer.js';
import { ContactDrawer, ContactDrawerWidth } from './contact-drawer.js';
import { ForwardModal } from '../dialogs/forward-modal.js';
import { ImageGallery } from './image-gallery.js';
import { MessageList } from './message-list.js';
import { EditMessageDialog, TicketActionDialogs } from '../dialogs/ticket-dialogs.js';
import { TicketLogModal } from '../dialogs/ticket-log-modal.js';
import { canCompose } from '../ticket-permissions.js';
import { useKeepRead } from './use-keep-read.js';
import { useTicketActions } from '../use-ticket-actions.js';
import {
  useDeleteMessageMutation,
  useDeleteTicketMutation,
  useEditMessageMutation,
  useGetTicketByUuidQuery,
  useReactToMessageMutation,
  useUpdateTicketMutation,
} from '../tickets.api.js';

export { MinChatWidth };

/**
 * The right pane: header, messages, composer and the 320 px contact drawer of the ticket in the route.
 * The drawer sits beside the chat while both fit; on a narrower pane it starts closed and, once opened,
 * lies over the chat instead of squeezing it. On a phone it takes the whole pane.
 * A ticket that cannot be read, or that is deleted while open, sends the user back to /tickets.
 */
export const TicketChat = ({ uuid, user }: { uuid: string; user: SessionUser }) => {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const mobile = useMediaQuery(MobileQuery);
  const { data: ticket, isError } = useGetTicketByUuidQuery(uuid);
  const actions = useTicketActions(user.id);
  const [paneRef, paneWidth] = useElementWidth();
  // unknown width (not laid out yet): beside, as on a wide screen
  const roomy = paneWidth === undefined || paneWidth >= ContactDrawerWidth + MinChatWidth;
  // the person's own choice wins; until they make one, the drawer is open wherever it fits beside
  const [drawerChoice, setDrawerChoice] = useState<boolean | null>(null);
  const drawerOpen = drawerChoice ?? (!mobile && roomy);
  const drawerOverlays = !mobile && !roomy;
  const [replyTo, setReplyTo] = useState<MessageRecord | null>(null);
  const [selection, setSelection] = useState<MessageRecord[] | null>(null);
  const [forwarding, setForwarding] = useState(false);
  const [editing, setEditing] = useState<MessageRecord | null>(null);
  const [viewing, setViewing] = useState<MessageRecord | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showingLog, setShowingLog] = useState(false);
  const [deleteTicket, { isLoading: deleting }] = useDeleteTicketMutation();
  const [deleteMessage] = useDeleteMessageMutation();
  const [editMessage, { isLoading: saving }] = useEditMessageMutation();
  const [reactToMessage] = useReactToMessageMutation();
  const [updateTicket] = useUpdateTicketMutation();
  const ticketId = ticket?.id;

  useKeepRead(user.companyId, ticketId);

  useEffect(() => {
    if (isError) void navigate('/tickets');
  }, [isError, navigate]);

  // the open ticket was deleted (here or elsewhere): toast and back to the list (spec 1 §4)
  useCompanyEvents(
    user.companyId,
    'ticket',
    (payload: TicketSocketPayload) => {
      if (payload.action !== 'delete' || payload.ticketId !== ticketId) return;
      notify.success(t('deleted'));
      void navigate('/tickets');
    },
    ticketId !== undefined,
  );

  if (!ticket)
    return (
      <Flex flex="1" align="center" justify="center">
        <Spinner aria-label={t('loading')} />
      </Flex>
    );

  const removeTicket = async () => {
    try {
      await deleteTicket(ticket.id).unwrap();
      setConfirmDelete(false);
      notify.success(t('deleted'));
      void navigate('/tickets');
    } catch (error) {
      toastError(error);
    }
  };

  // a waiting ticket opened before accepting: read, nothing done to it until Accept
  const previewing = ticket.status === 'pending';

  const toggleSelect = (message: MessageRecord) =>
    setSelection((chosen) =>
      chosen?.some((m) => m.id === message.id)
        ? chosen.filter((m) => m.id !== message.id)
        : [...(chosen ?? []), message],
    );

  const chat = (
    <Stack flex="1" minW="0" gap="0" h="full">
      <ChatHeader
        ticket={ticket}
        busy={actions.busy}
        mayDelete={hasPermission(user, 'ticket-options:deleteTicket')}
        onAction={(action) => actions.run(action, ticket)}
        onToggleIntegration={(useIntegration) =>
          void updateTicket({ id: ticket.id, useIntegration }).unwrap().catch(toastError)
        }
        onDelete={() => setConfirmDelete(true)}
        onShowLog={() => setShowingLog(true)}
        drawerOpen={drawerOpen}
        onToggleDrawer={() => setDrawerChoice(!drawerOpen)}
      />
      {selection && (
        <HStack px="3" py="1" bg="bg.muted" justify="space-between" data-testid="forward-bar">
          <Text fontSize="sm">{t('forward.count', { count: selection.length })}</Text>
          <HStack>
            <Button size="xs" variant="ghost" onClick={() => setSelection(null)}>
              {t('cancel')}
            </Button>
            <Button
              size="xs"
              onClick={() =>
                selection.length ? setForwarding(true) : notify.error(t('forward.noneSelected'))
              }
            >
              {t('forward.submit')}
            </Button>
          </HStack>
        </HStack>
      )}
      {previewing && (
        <Text
          role="status"
          px="3"
          py="1.5"
          fontSize="sm"
          bg="orange.subtle"
          color="orange.fg"
          data-testid="pending-preview"
        >
          {t('pendingPreview')}
        </Text>
      )}
      <MessageList
        ticket={ticket}
        selection={selection ? new Set(selection.map((m) => m.id)) : null}
        onToggleSelect={toggleSelect}
        actions={{
          readOnly: previewing,
          onReply: canCompose(ticket.status) ? setReplyTo : undefined,
          onReact: canCompose(ticket.status)
            ? (message, type) =>
                void reactToMessage({ id: message.id, type }).unwrap().catch(toastError)
            : undefined,
          onForward: (message) => setSelection([message]),
          onDelete: (message) => void deleteMessage(message.id).unwrap().catch(toastError),
          onEdit: setEditing,
          onOpenImage: setViewing,
        }}
      />
      <Composer ticket={ticket} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
    </Stack>
  );

  return (
    <Flex flex="1" minW="0" h="full" position="relative" ref={paneRef}>
      {(!mobile || !drawerOpen) && chat}
      {drawerOpen && (
        <ContactDrawer
          ticket={ticket}
          overlay={drawerOverlays}
          onClose={() => setDrawerChoice(false)}
          schedule={
            hasPlanFlag(user, 'useSchedules')
              ? { userId: user.id, onSaved: () => void navigate('/schedules') }
              : undefined
          }
        />
      )}
      <TicketActionDialogs actions={actions} user={user} />
      {forwarding && selection && (
        <ForwardModal
          messages={selection}
          signMessage={storedSign()}
          onClose={() => setForwarding(false)}
          onDone={() => {
            setForwarding(false);
            setSelection(null);
          }}
        />
      )}
      {editing && (
        <EditMessageDialog
          message={editing}
          busy={saving}
          onClose={() => setEditing(null)}
          onSave={(body) =>
            void editMessage({ id: editing.id, body })
              .unwrap()
              .then(() => setEditing(null), toastError)
          }
        />
      )}
      {viewing && (
        <ImageGallery
          ticketId={ticket.id}
          messageId={viewing.id}
          onClose={() => setViewing(null)}
        />
      )}
      {showingLog && <TicketLogModal ticketId={ticket.id} onClose={() => setShowingLog(false)} />}
      <ConfirmDialog
        open={confirmDelete}
        title={t('deleteConfirm', { id: ticket.id })}
        busy={deleting}
        onConfirm={() => void removeTicket()}
        onClose={() => setConfirmDelete(false)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </Flex>
  );
};
