import { Table } from '@chakra-ui/react';
import type { FileListRecord } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable, SearchAddBar, useSearchPages } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { FileListDialog } from './file-list-dialog.js';
import { useDeleteFileListMutation, usePageFileListsQuery } from './file-lists.api.js';

/** /files (spec 3 §2.15; admins): searchable, infinitely scrolled file lists with edit and delete. */
export const FileListsPage = () => {
  const { t } = useTranslation('files');
  const { search, setSearch, searchParam, pageNumber, nextPage } = useSearchPages();
  const { data, isLoading, isFetching } = usePageFileListsQuery({ searchParam, pageNumber });
  const form = useRecordForm<FileListRecord>();
  const [deleteFileList] = useDeleteFileListMutation();
  const remove = useDeleteConfirm<FileListRecord>(deleteFileList, () =>
    notify.success(t('deleted')),
  );

  const files = data?.files ?? [];

  return (
    <PageTitle titleKey="files">
      <SearchAddBar
        search={search}
        onSearch={setSearch}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={form.openNew}
      />
      <PagedTable
        columns={[t('name'), t('actions')]}
        isEmpty={!isLoading && files.length === 0}
        emptyText={t('empty')}
        fetching={isFetching}
        hasMore={data?.hasMore ?? false}
        onNextPage={nextPage}
      >
        {files.map((fileList) => (
          <Table.Row key={fileList.id} data-testid="file-list-row">
            <Table.Cell>{fileList.name}</Table.Cell>
            <Table.Cell>
              <RowActions
                onEdit={() => form.openEdit(fileList)}
                onDelete={() => remove.ask(fileList)}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <FileListDialog open={form.formOpen} record={form.editing} onClose={form.close} />
      <ConfirmDialog
        {...remove.dialog}
        title={t('deleteTitle', { name: remove.toDelete?.name ?? '' })}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
