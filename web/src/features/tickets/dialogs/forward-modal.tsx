import { Button, Input, Stack, Text } from '@chakra-ui/react';
import type { MessageRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../components/paged-search.js';
import { notify, toastError } from '../../../components/toaster.js';
import { useListContactsQuery } from '../../contacts/contacts.api.js';
import { MinContactSearch } from './new-ticket-modal.js';
import { PickerSelect } from './picker-select.js';
import { TicketDialog } from './ticket-dialogs.js';
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
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), 500);
  const [contactId, setContactId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { data } = useListContactsQuery(
    { searchParam, pageNumber: 1 },
    { skip: searchParam.length < MinContactSearch },
  );
  const [forward] = useForwardMessageMutation();
  const contacts = searchParam.length >= MinContactSearch ? (data?.contacts ?? []) : [];

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
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={busy} disabled={!contactId} onClick={() => void submit()}>
            {t('forward.submit')}
          </Button>
        </>
      }
    >
      <Stack>
        <Text fontSize="sm" color="fg.muted">
          {t('forward.count', { count: messages.length })}
        </Text>
        <Input
          aria-label={t('newTicket.searchContact')}
          placeholder={t('newTicket.searchContact')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <PickerSelect
          label={t('newTicket.contact')}
          value={contactId}
          options={contacts.map((c) => ({ id: c.id, name: `${c.name} (${c.number})` }))}
          onChange={setContactId}
        />
      </Stack>
    </TicketDialog>
  );
};
