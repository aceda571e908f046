import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../components/toaster.js';
import { ContactPicker, useContactPicker } from '../dialogs/contact-picker.js';
import { TicketDialog } from '../dialogs/ticket-dialog.js';
import { useSendMessageMutation } from '../tickets.api.js';

/**
 * Sends a contact card (vCard) into the ticket (spec 1 §2 send-contact modal): a contact found by
 * name or number (3 or more characters), sent as `vCard: { name, number }`.
 */
export const SendContactModal = ({
  ticketId,
  onClose,
}: {
  ticketId: number;
  onClose: () => void;
}) => {
  const { t } = useTranslation('tickets');
  const picker = useContactPicker();
  const [sendMessage, { isLoading }] = useSendMessageMutation();
  const { chosen } = picker;

  const submit = async () => {
    if (!chosen) return;
    try {
      await sendMessage({
        ticketId,
        body: '',
        vCard: { name: chosen.name, number: chosen.number },
      }).unwrap();
      onClose();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <TicketDialog
      title={t('sendContact.title')}
      onClose={onClose}
      action={{
        label: t('sendContact.submit'),
        busy: isLoading,
        disabled: !chosen,
        onClick: () => void submit(),
      }}
    >
      <Stack>
        <ContactPicker picker={picker} />
      </Stack>
    </TicketDialog>
  );
};
