import { Button, Field, Input, Stack } from '@chakra-ui/react';
import type { SessionUser, TicketRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../components/paged-search.js';
import { toastError } from '../../../components/toaster.js';
import { isAdmin } from '../../auth/access.js';
import { connectionsApi } from '../../connections/connections.api.js';
import { useListContactsQuery } from '../../contacts/contacts.api.js';
import { PickerSelect } from './picker-select.js';
import { TicketDialog } from './ticket-dialogs.js';
import { openTicketHolder } from '../ticket-errors.js';
import { useCreateTicketMutation } from '../tickets.api.js';
import type { TakenBy } from '../use-ticket-actions.js';

/** Contact searches inside dialogs start at this many characters (spec 1 §5). */
export const MinContactSearch = 3;

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
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), 500);
  const [contactId, setContactId] = useState<number | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [queueError, setQueueError] = useState(false);
  const { data: contacts } = useListContactsQuery(
    { searchParam, pageNumber: 1 },
    { skip: searchParam.length < MinContactSearch },
  );
  const { data: connections = [] } = connectionsApi.endpoints.listConnections.useQuery();
  const [createTicket, { isLoading }] = useCreateTicketMutation();
  const found = searchParam.length >= MinContactSearch ? (contacts?.contacts ?? []) : [];
  const chosen = found.find((contact) => contact.id === contactId);

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
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button loading={isLoading} disabled={!chosen?.number} onClick={() => void submit()}>
            {t('newTicket.submit')}
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
        <PickerSelect
          label={t('transfer.connection')}
          value={whatsappId}
          options={connections}
          onChange={setWhatsappId}
        />
      </Stack>
    </TicketDialog>
  );
};
