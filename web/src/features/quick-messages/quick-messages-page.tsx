import { Badge, Table } from '@chakra-ui/react';
import type { QuickMessage } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable, SearchAddBar, useSearchPages } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { selectUser } from '../auth/session.slice.js';
import { QuickMessageDialog } from './quick-message-dialog.js';
import { useDeleteQuickMessageMutation, usePageQuickMessagesQuery } from './quick-messages.api.js';

/** /quick-messages (spec 3 §2.7): search, add, edit, delete; shortcode, media, general flag. */
export const QuickMessagesPage = () => {
  const { t } = useTranslation('quick-messages');
  const viewer = useAppSelector(selectUser);
  const isAdmin = !!viewer && (viewer.super || viewer.profile === 'admin');
  const { search, setSearch, searchParam, pageNumber, nextPage } = useSearchPages();
  const [editing, setEditing] = useState<QuickMessage | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<QuickMessage | null>(null);
  const [deleteQuickMessage, deleting] = useDeleteQuickMessageMutation();
  const { data, isLoading, isFetching } = usePageQuickMessagesQuery({ searchParam, pageNumber });

  // plain users change only their own personal messages (spec 3 §6)
  const mayChange = (record: QuickMessage) =>
    isAdmin || (!record.geral && record.userId === viewer?.id);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteQuickMessage(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  const records = data?.records ?? [];

  return (
    <PageTitle titleKey="quickMessages">
      <SearchAddBar
        search={search}
        onSearch={setSearch}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => {
          setEditing(null);
          setFormOpen(true);
        }}
      />
      <PagedTable
        columns={[t('shortcode'), t('mediaName'), t('general'), t('actions')]}
        isEmpty={!isLoading && records.length === 0}
        emptyText={t('empty')}
        fetching={isFetching}
        hasMore={data?.hasMore ?? false}
        onNextPage={nextPage}
      >
        {records.map((record) => (
          <Table.Row key={record.id} data-testid="quick-message-row">
            <Table.Cell>{record.shortcode}</Table.Cell>
            <Table.Cell>{record.mediaName ?? t('noMedia')}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={record.geral ? 'green' : 'gray'}>
                {record.geral ? t('yes') : t('no')}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              {mayChange(record) && (
                <RowActions
                  onEdit={() => {
                    setEditing(record);
                    setFormOpen(true);
                  }}
                  onDelete={() => setToDelete(record)}
                />
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <QuickMessageDialog
        open={formOpen}
        record={editing}
        mayMarkGeneral={isAdmin}
        onClose={() => setFormOpen(false)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { shortcode: toDelete?.shortcode ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
