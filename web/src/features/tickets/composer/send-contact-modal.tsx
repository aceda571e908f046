import { Button, Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../components/paged-search.js';
import { toastError } from '../../../components/toaster.js';
import { useListContactsQuery } from '../../contacts/contacts.api.js';
import { MinContactSearch } from '../dialogs/new-ticket-modal.js';
import { PickerSelect } from '../dialogs/picker-select.js';
import { TicketDialog } from '../dialogs/ticket-dialogs.js';
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
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), 500);
  const [contactId, setContactId] = useState<number | null>(null);
  const { data } = useListContactsQuery(
    { searchParam, pageNumber: 1 },
    { skip: searchParam.length < MinContactSearch },
  );
  const [sendMessage, { isLoading }] = useSendMessageMutation();
  const found = searchParam.length >= MinContactSearch ? (data?.contacts ?? []) : [];
  const chosen = found.find((contact) => contact.id === contactId);

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
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={isLoading} disabled={!chosen} onClick={() => void submit()}>
            {t('sendContact.submit')}
          </Button>
        </>
      }
    >
      <Stack>
        <Input
          aria-label={t('newTicket.searchContact')}
          placeholder={t('newTicket.searchContact')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <PickerSelect
          label={t('newTicket.contact')}
          value={contactId}
          options={found.map((c) => ({ id: c.id, name: `${c.name} (${c.number})` }))}
          onChange={setContactId}
        />
      </Stack>
    </TicketDialog>
  );
};
