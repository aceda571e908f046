import { Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { TicketRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../components/toaster.js';
import { connectionsApi } from '../../connections/connections.api.js';
import { useListQueuesQuery } from '../../queues/queues.api.js';
import { useGetUserPickerQuery } from '../../users/users.api.js';
import { PickerSelect } from './picker-select.js';
import { useUpdateTicketMutation } from '../tickets.api.js';

/**
 * Transfers a ticket: a user makes it open (group for groups) with that user; only a queue makes it
 * pending without user (spec 1 §4). Transfer stays disabled until a queue is chosen (spec 1 §5).
 */
export const TransferModal = ({
  ticket,
  onClose,
}: {
  ticket: TicketRecord;
  onClose: () => void;
}) => {
  const { t } = useTranslation('tickets');
  const [userId, setUserId] = useState<number | null>(null);
  const [queueId, setQueueId] = useState<number | null>(ticket.queueId);
  const [whatsappId, setWhatsappId] = useState<number | null>(ticket.whatsappId);
  const { data: users = [] } = useGetUserPickerQuery();
  const { data: queues = [] } = useListQueuesQuery();
  const { data: connections = [] } = connectionsApi.endpoints.listConnections.useQuery();
  const [updateTicket, { isLoading }] = useUpdateTicketMutation();

  const submit = async () => {
    const status = userId ? (ticket.isGroup ? 'group' : 'open') : 'pending';
    try {
      await updateTicket({ id: ticket.id, status, userId, queueId, whatsappId }).unwrap();
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('transfer.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack>
                <PickerSelect
                  label={t('transfer.user')}
                  value={userId}
                  options={users}
                  onChange={setUserId}
                />
                <PickerSelect
                  label={t('transfer.queue')}
                  value={queueId}
                  options={queues}
                  onChange={setQueueId}
                />
                <PickerSelect
                  label={t('transfer.connection')}
                  value={whatsappId}
                  options={connections}
                  onChange={setWhatsappId}
                />
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button loading={isLoading} disabled={!queueId} onClick={() => void submit()}>
                {t('transfer.submit')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
