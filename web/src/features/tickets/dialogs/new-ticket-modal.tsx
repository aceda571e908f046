import { Field, Stack } from '@chakra-ui/react';
import type { SessionUser, TicketRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../components/toaster.js';
import { isAdmin } from '../../auth/access.js';
import { ContactPicker, useContactPicker } from './contact-picker.js';
import { ConnectionPicker, PickerSelect } from './picker-select.js';
import { TicketDialog } from './ticket-dialog.js';
import { openTicketHolder } from '../ticket-errors.js';
import { useCreateTicketMutation } from '../tickets.api.js';
import type { TakenBy } from '../use-ticket-actions.js';

/**
 * New ticket (spec 1 §5): a contact found by name or number, a queue (required unless admin) and a
 * connection; it opens as mine. A conflict names the holder, or opens my own ticket.
 */
export const NewTicketModal = ({
  user,
  onClose,
  onCreated,
  onTaken,
}: {
  user: SessionUser;
  onClose: () => void;
  onCreated: (ticket: Pick<TicketRecord, 'uuid'>) => void;
  onTaken: (taken: TakenBy) => void;
}) => {
  const { t } = useTranslation('tickets');
  const picker = useContactPicker();
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [queueError, setQueueError] = useState(false);
  const [createTicket, { isLoading }] = useCreateTicketMutation();
  const { chosen } = picker;

  const submit = async () => {
    if (!chosen) return;
    if (!queueId && !isAdmin(user)) {
      setQueueError(true);
      return;
    }
    try {
      const ticket = await createTicket({
        contactId: chosen.id,
        queueId,
        whatsappId,
        userId: user.id,
        status: 'open',
      }).unwrap();
      onCreated(ticket);
    } catch (error) {
      const holder = openTicketHolder(error);
      if (holder && holder.userId === user.id) onCreated(holder);
      else if (holder) {
        onTaken(holder);
        onClose();
      } else toastError(error);
    }
  };

  return (
    <TicketDialog
      title={t('newTicket.title')}
      onClose={onClose}
      action={{
        label: t('newTicket.submit'),
        busy: isLoading,
        disabled: !chosen?.number,
        onClick: () => void submit(),
      }}
    >
      <Stack>
        <ContactPicker picker={picker} />
        <Field.Root invalid={queueError}>
          <PickerSelect
            label={t('transfer.queue')}
            value={queueId}
            options={user.queues}
            onChange={(id) => {
              setQueueId(id);
              setQueueError(false);
            }}
          />
          {queueError && <Field.ErrorText>{t('newTicket.queueRequired')}</Field.ErrorText>}
        </Field.Root>
        <ConnectionPicker value={whatsappId} onChange={setWhatsappId} />
      </Stack>
    </TicketDialog>
  );
};
