import { Badge, Table } from '@chakra-ui/react';
import type { Announcement } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.js';
import { notify } from '../../components/toaster.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { AnnouncementFormDialog } from './announcement-form-dialog.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { priorityBorderColor } from './announcement-priority.js';
import { useDeleteAnnouncementMutation, useListAnnouncementsQuery } from './announcements.api.js';
import { RowActionsCell } from '../../components/row-actions.js';

/** /announcements (super users, spec 3 §2.12): search, add, edit, delete. */
export const AnnouncementsPage = () => {
  const { t } = useTranslation('announcements');
  const form = useRecordForm<Announcement>();
  const [deleteAnnouncement] = useDeleteAnnouncementMutation();
  const remove = useDeleteConfirm<Announcement>(deleteAnnouncement, () =>
    notify.success(t('deleted')),
  );
  const list = usePagedList(
    useListAnnouncementsQuery,
    {},
    { rowsOf: (page) => page.records, normalise: (text) => text.trim().toLowerCase() },
  );

  return (
    <PageTitle titleKey="announcements">
      <SearchAddBar
        {...list.searchBox}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={form.openNew}
      />
      <PagedTable
        columns={[t('title'), t('priority'), t('mediaName'), t('status'), t('actions')]}
        emptyText={t('empty')}
        {...list.table}
      >
        {list.rows.map((record) => (
          <Table.Row key={record.id} data-testid="announcement-row">
            <Table.Cell
              borderLeftWidth="4px"
              borderLeftColor={priorityBorderColor(record.priority)}
            >
              {record.title}
            </Table.Cell>
            <Table.Cell>{t(`priorities.${record.priority as 1 | 2 | 3}`)}</Table.Cell>
            <Table.Cell>{record.mediaName ?? '—'}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={record.status ? 'green' : 'gray'}>
                {record.status ? t('active') : t('inactive')}
              </Badge>
            </Table.Cell>
            <RowActionsCell record={record} onEdit={form.openEdit} onDelete={remove.ask} />
          </Table.Row>
        ))}
      </PagedTable>
      <AnnouncementFormDialog open={form.formOpen} record={form.editing} onClose={form.close} />
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteTitle', { title: remove.toDelete?.title ?? '' })}
        warning={t('deleteWarning')}
      />
    </PageTitle>
  );
};
