import { Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../components/paged-search.js';
import { useListContactsQuery } from '../../contacts/contacts.api.js';
import { PickerSelect } from './picker-select.js';

/** Contact searches inside dialogs start at this many characters (spec 1 §5). */
export const MinContactSearch = 3;

/**
 * The contact a ticket dialog picks (new ticket, forward, send a contact card): the typed search, the
 * contacts it finds once it is long enough, and the one chosen among them.
 */
export const useContactPicker = () => {
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim(), 500);
  const [contactId, setContactId] = useState<number | null>(null);
  const long = searchParam.length >= MinContactSearch;
  const { data } = useListContactsQuery({ searchParam, pageNumber: 1 }, { skip: !long });
  const found = long ? (data?.contacts ?? []) : [];
  const chosen = found.find((contact) => contact.id === contactId);
  return { search, setSearch, found, contactId, setContactId, chosen };
};

/** The search box and the contact select of a `useContactPicker`. */
export const ContactPicker = ({ picker }: { picker: ReturnType<typeof useContactPicker> }) => {
  const { t } = useTranslation('tickets');
  return (
    <>
      <Input
        aria-label={t('newTicket.searchContact')}
        placeholder={t('newTicket.searchContact')}
        value={picker.search}
        onChange={(e) => picker.setSearch(e.target.value)}
      />
      <PickerSelect
        label={t('newTicket.contact')}
        value={picker.contactId}
        options={picker.found.map((c) => ({ id: c.id, name: `${c.name} (${c.number})` }))}
        onChange={picker.setContactId}
      />
    </>
  );
};
