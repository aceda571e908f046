import { Button, HStack, IconButton, Table } from '@chakra-ui/react';
import { ContactListInput, type ContactListRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuUsers } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable, SearchAddBar, useSearchPages } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import {
  useDeleteContactListMutation,
  usePageContactListsQuery,
  useSaveContactListMutation,
} from './contact-lists.api.js';
import { FormDialog } from './form-dialog.js';
import { downloadExampleSheet } from './list-sheet.js';

/**
 * /contact-lists (spec 3 §2.5): search, add, edit, delete, the example sheet, and each list's contacts
 * at /contact-lists/{id}/contacts. Columns name, contactsCount, actions.
 */
export const ContactListsPage = () => {
  const { t } = useTranslation('contactLists');
  const navigate = useNavigate();
  const { search, setSearch, searchParam, pageNumber, nextPage } = useSearchPages();
  const { data, isLoading, isFetching } = usePageContactListsQuery({ searchParam, pageNumber });
  const [save] = useSaveContactListMutation();
  const [remove, removing] = useDeleteContactListMutation();
  const [editing, setEditing] = useState<ContactListRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ContactListRecord | null>(null);
  const records = data?.records ?? [];

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  return (
    <PageTitle titleKey="contactLists">
      <HStack justify="end" mb="2">
        <Button size="sm" variant="outline" onClick={() => void downloadExampleSheet()}>
          <LuDownload /> {t('example')}
        </Button>
      </HStack>
      <SearchAddBar
        search={search}
        onSearch={setSearch}
        searchLabel={t('search')}
        addLabel={t('addList')}
        onAdd={() => {
          setEditing(null);
          setFormOpen(true);
        }}
      />
      <PagedTable
        columns={[t('name'), t('contactsCount'), t('actions')]}
        isEmpty={!isLoading && records.length === 0}
        emptyText={t('emptyLists')}
        fetching={isFetching}
        hasMore={data?.hasMore ?? false}
        onNextPage={nextPage}
      >
        {records.map((list) => (
          <Table.Row key={list.id} data-testid="contact-list-row">
            <Table.Cell>{list.name}</Table.Cell>
            <Table.Cell>{list.contactsCount}</Table.Cell>
            <Table.Cell>
              <RowActions
                onEdit={() => {
                  setEditing(list);
                  setFormOpen(true);
                }}
                onDelete={() => setToDelete(list)}
              >
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('openContacts')}
                  onClick={() => void navigate(`/contact-lists/${list.id}/contacts`)}
                >
                  <LuUsers />
                </IconButton>
              </RowActions>
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <FormDialog
        open={formOpen}
        title={editing ? t('editList') : t('addList')}
        fields={[{ name: 'name', label: t('name') }]}
        initial={{ name: editing?.name ?? '' }}
        schema={ContactListInput}
        onSave={(values) => save(editing ? { id: editing.id, ...values } : values).unwrap()}
        onClose={() => setFormOpen(false)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteListTitle', { name: toDelete?.name ?? '' })}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteListWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
