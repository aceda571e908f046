import { Button, HStack, IconButton, Table } from '@chakra-ui/react';
import { ContactListInput, type ContactListRecord } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuUsers } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { RowActionsCell } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
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
  const lists = usePagedList(usePageContactListsQuery, {}, { rowsOf: (page) => page.records });
  const [save] = useSaveContactListMutation();
  const [deleteRecord] = useDeleteContactListMutation();
  const form = useRecordForm<ContactListRecord>();
  const remove = useDeleteConfirm<ContactListRecord>(deleteRecord, () =>
    notify.success(t('deleted')),
  );

  return (
    <PageTitle titleKey="contactLists">
      <HStack justify="end" mb="2">
        <Button size="sm" variant="outline" onClick={() => void downloadExampleSheet()}>
          <LuDownload /> {t('example')}
        </Button>
      </HStack>
      <SearchAddBar
        {...lists.searchBox}
        searchLabel={t('search')}
        addLabel={t('addList')}
        onAdd={form.openNew}
      />
      <PagedTable
        columns={[t('name'), t('contactsCount'), t('actions')]}
        emptyText={t('emptyLists')}
        {...lists.table}
      >
        {lists.rows.map((list) => (
          <Table.Row key={list.id} data-testid="contact-list-row">
            <Table.Cell>{list.name}</Table.Cell>
            <Table.Cell>{list.contactsCount}</Table.Cell>
            <RowActionsCell record={list} onEdit={form.openEdit} onDelete={remove.ask}>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('openContacts')}
                onClick={() => void navigate(`/contact-lists/${list.id}/contacts`)}
              >
                <LuUsers />
              </IconButton>
            </RowActionsCell>
          </Table.Row>
        ))}
      </PagedTable>
      <FormDialog
        open={form.formOpen}
        title={form.editing ? t('editList') : t('addList')}
        fields={[{ name: 'name', label: t('name') }]}
        initial={{ name: form.editing?.name ?? '' }}
        schema={ContactListInput}
        onSave={(values) =>
          save(form.editing ? { id: form.editing.id, ...values } : values).unwrap()
        }
        onClose={form.close}
      />
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteListTitle', { name: remove.toDelete?.name ?? '' })}
        warning={t('deleteListWarning')}
      />
    </PageTitle>
  );
};
