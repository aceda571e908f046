import { Stack, Text } from '@chakra-ui/react';
import type { MessageRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify, toastError } from '../../../components/toaster.js';
import { ContactPicker, useContactPicker } from './contact-picker.js';
import { TicketDialog } from './ticket-dialog.js';
import { useForwardMessageMutation } from '../tickets.api.js';

/** Pause between two forwarded messages (spec 1 §9). */
export const ForwardPauseMs = 900;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Forwards the selected messages to one contact, one message at a time with a 900 ms pause
 * (spec 1 §5: a contact must be chosen; no selected messages is an error).
 */
export const ForwardModal = ({
  messages,
  signMessage,
  onClose,
  onDone,
}: {
  messages: MessageRecord[];
  signMessage: boolean;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation('tickets');
  const picker = useContactPicker();
  const [busy, setBusy] = useState(false);
  const [forward] = useForwardMessageMutation();
  const { contactId } = picker;

  const submit = async () => {
    if (messages.length === 0) {
      notify.error(t('forward.noneSelected'));
      return;
    }
    if (!contactId) return;
    setBusy(true);
    try {
      for (const [index, message] of messages.entries()) {
        if (index > 0) await pause(ForwardPauseMs);
        await forward({ messageId: message.id, contactId, signMessage }).unwrap();
      }
      notify.success(t('forward.done'));
      onDone();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <TicketDialog
      title={t('forward.title')}
      onClose={onClose}
      action={{
        label: t('forward.submit'),
        busy,
        disabled: !contactId,
        onClick: () => void submit(),
      }}
    >
      <Stack>
        <Text fontSize="sm" color="fg.muted">
          {t('forward.count', { count: messages.length })}
        </Text>
        <ContactPicker picker={picker} />
      </Stack>
    </TicketDialog>
  );
};
