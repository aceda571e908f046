import { Table } from '@chakra-ui/react';
import type { FileListRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable, SearchAddBar, useSearchPages } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { FileListDialog } from './file-list-dialog.js';
import { useDeleteFileListMutation, usePageFileListsQuery } from './file-lists.api.js';

/** /files (spec 3 §2.15; admins): searchable, infinitely scrolled file lists with edit and delete. */
export const FileListsPage = () => {
  const { t } = useTranslation('files');
  const { search, setSearch, searchParam, pageNumber, nextPage } = useSearchPages();
  const { data, isLoading, isFetching } = usePageFileListsQuery({ searchParam, pageNumber });
  const [editing, setEditing] = useState<FileListRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<FileListRecord | null>(null);
  const [deleteFileList, deleting] = useDeleteFileListMutation();

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteFileList(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  const files = data?.files ?? [];

  return (
    <PageTitle titleKey="files">
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
                onEdit={() => {
                  setEditing(fileList);
                  setFormOpen(true);
                }}
                onDelete={() => setToDelete(fileList)}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <FileListDialog open={formOpen} record={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
