import { Table } from '@chakra-ui/react';
import type { FileListRecord } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { RowActionsCell } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { FileListDialog } from './file-list-dialog.js';
import { useDeleteFileListMutation, usePageFileListsQuery } from './file-lists.api.js';

/** /files (spec 3 §2.15; admins): searchable, infinitely scrolled file lists with edit and delete. */
export const FileListsPage = () => {
  const { t } = useTranslation('files');
  const list = usePagedList(usePageFileListsQuery, {}, { rowsOf: (page) => page.files });
  const form = useRecordForm<FileListRecord>();
  const [deleteFileList] = useDeleteFileListMutation();
  const remove = useDeleteConfirm<FileListRecord>(deleteFileList, () =>
    notify.success(t('deleted')),
  );

  return (
    <PageTitle titleKey="files">
      <SearchAddBar
        {...list.searchBox}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={form.openNew}
      />
      <PagedTable columns={[t('name'), t('actions')]} emptyText={t('empty')} {...list.table}>
        {list.rows.map((fileList) => (
          <Table.Row key={fileList.id} data-testid="file-list-row">
            <Table.Cell>{fileList.name}</Table.Cell>
            <RowActionsCell record={fileList} onEdit={form.openEdit} onDelete={remove.ask} />
          </Table.Row>
        ))}
      </PagedTable>
      <FileListDialog open={form.formOpen} record={form.editing} onClose={form.close} />
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteTitle', { name: remove.toDelete?.name ?? '' })}
        warning={t('deleteWarning')}
      />
    </PageTitle>
  );
};
