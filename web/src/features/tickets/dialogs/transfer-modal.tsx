import { Stack } from '@chakra-ui/react';
import type { TicketRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../components/toaster.js';
import { useListQueuesQuery } from '../../queues/queues.api.js';
import { useGetUserPickerQuery } from '../../users/users.api.js';
import { ConnectionPicker, PickerSelect } from './picker-select.js';
import { TicketDialog } from './ticket-dialog.js';
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
    <TicketDialog
      title={t('transfer.title')}
      onClose={onClose}
      action={{
        label: t('transfer.submit'),
        busy: isLoading,
        disabled: !queueId,
        onClick: () => void submit(),
      }}
    >
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
        <ConnectionPicker value={whatsappId} onChange={setWhatsappId} />
      </Stack>
    </TicketDialog>
  );
};
