import { Badge, Table } from '@chakra-ui/react';
import type { Announcement } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.js';
import { notify, toastError } from '../../components/toaster.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { AnnouncementFormDialog } from './announcement-form-dialog.js';
import { PagedTable, SearchAddBar, useSearchPages } from '../../components/paged-table.js';
import { priorityBorderColor } from './announcement-priority.js';
import { useDeleteAnnouncementMutation, useListAnnouncementsQuery } from './announcements.api.js';
import { RowActions } from '../../components/row-actions.js';

/** /announcements (super users, spec 3 §2.12): search, add, edit, delete. */
export const AnnouncementsPage = () => {
  const { t } = useTranslation('announcements');
  const { search, setSearch, searchParam, pageNumber, nextPage } = useSearchPages((text) =>
    text.trim().toLowerCase(),
  );
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Announcement | null>(null);
  const [deleteAnnouncement, deleting] = useDeleteAnnouncementMutation();
  const { data, isLoading, isFetching } = useListAnnouncementsQuery({ searchParam, pageNumber });

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteAnnouncement(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  const records = data?.records ?? [];

  return (
    <PageTitle titleKey="announcements">
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
        columns={[t('title'), t('priority'), t('mediaName'), t('status'), t('actions')]}
        isEmpty={!isLoading && records.length === 0}
        emptyText={t('empty')}
        fetching={isFetching}
        hasMore={data?.hasMore ?? false}
        onNextPage={nextPage}
      >
        {records.map((record) => (
          <Table.Row key={record.id} data-testid="announcement-row">
            <Table.Cell
              borderLeftWidth="4px"
              borderLeftColor={priorityBorderColor(record.priority)}
            >
              {record.title}
            </Table.Cell>
            <Table.Cell>{t(`priorities.${record.priority}`)}</Table.Cell>
            <Table.Cell>{record.mediaName ?? '—'}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={record.status ? 'green' : 'gray'}>
                {record.status ? t('active') : t('inactive')}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              <RowActions
                onEdit={() => {
                  setEditing(record);
                  setFormOpen(true);
                }}
                onDelete={() => setToDelete(record)}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <AnnouncementFormDialog open={formOpen} record={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { title: toDelete?.title ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
