import { Table } from '@chakra-ui/react';
import type { TagRecord } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedSearch } from '../../components/paged-search.js';
import { RowActions } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
import { PagedRowsTable, PagedSearchBar } from '../../components/paged-rows-table.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { useDeleteConfirm } from '../../components/record-dialogs.js';
import { selectUser } from '../auth/session.slice.js';
import { TagChip } from './tag-chip.js';
import { TagModal } from './tag-modal.js';
import { useDeleteTagMutation, useGetTagsPageQuery } from './tags.api.js';

const TagRows = ({
  searchParam,
  pageNumber,
  kanban,
  mayDelete,
  onHasMore,
  onEdit,
  onDelete,
}: {
  searchParam: string;
  pageNumber: number;
  kanban: 0 | 1;
  mayDelete: boolean;
  onHasMore: (page: number, hasMore: boolean) => void;
  onEdit: (tag: TagRecord) => void;
  onDelete: (tag: TagRecord) => void;
}) => {
  const { t } = useTranslation('tags');
  const { data, isError } = useGetTagsPageQuery({ searchParam, pageNumber, kanban });
  useEffect(() => {
    if (data) onHasMore(pageNumber, data.hasMore);
  }, [data, pageNumber, onHasMore]);
  useEffect(() => {
    if (isError) notify.error(t('loadError'));
  }, [isError, t]);
  // the first page answering no rows is the empty list (later pages add to rows already shown)
  if (pageNumber === 1 && data?.tags?.length === 0) {
    return <TableEmptyRow columns={3} text={t('empty')} />;
  }
  return (data?.tags ?? []).map((tag) => (
    <Table.Row key={tag.id} data-testid={`tag-row-${tag.id}`}>
      <Table.Cell>
        <TagChip tag={tag} py="1" />
      </Table.Cell>
      <Table.Cell textAlign="center">{kanban ? tag.ticketsCount : tag.contactsCount}</Table.Cell>
      <Table.Cell>
        <RowActions
          onEdit={() => onEdit(tag)}
          onDelete={mayDelete ? () => onDelete(tag) : undefined}
        />
      </Table.Cell>
    </Table.Row>
  ));
};

/**
 * /tags and /TagsKanban (spec 3 §2.9–2.10): searchable coloured chips with their contact (or, for kanban
 * lanes, ticket) counts, add, edit and delete. Deleting is for admins.
 */
export const TagsPage = ({ kanban = 0 }: { kanban?: 0 | 1 }) => {
  const { t } = useTranslation('tags');
  const viewer = useAppSelector(selectUser);
  const { typed, setTyped, search, pages, onHasMore, onScroll } = usePagedSearch();
  const [editing, setEditing] = useState<TagRecord | 'new' | null>(null);
  const [deleteTag] = useDeleteTagMutation();
  const remove = useDeleteConfirm<TagRecord>(deleteTag, () => notify.success(t('deleted')));

  if (!viewer) return null;
  const mayDelete = viewer.super || viewer.profile === 'admin';
  return (
    <PageTitle titleKey={kanban ? 'tagsKanban' : 'tags'}>
      <PagedSearchBar
        typed={typed}
        onType={setTyped}
        searchLabel={t('search')}
        addLabel={kanban ? t('addKanban') : t('add')}
        onAdd={() => setEditing('new')}
      />
      <PagedRowsTable
        columns={[
          t('columns.name'),
          kanban ? t('columns.tickets') : t('columns.contacts'),
          t('columns.actions'),
        ]}
        centered={1}
        onScroll={onScroll}
        testId="tags-scroll"
      >
        {Array.from({ length: pages }, (_, i) => (
          <TagRows
            key={`${search}:${i + 1}`}
            searchParam={search}
            pageNumber={i + 1}
            kanban={kanban}
            mayDelete={mayDelete}
            onHasMore={onHasMore}
            onEdit={setEditing}
            onDelete={remove.ask}
          />
        ))}
      </PagedRowsTable>
      {editing && (
        <TagModal
          key={editing === 'new' ? 'new' : editing.id}
          tag={editing === 'new' ? undefined : editing}
          kanban={kanban}
          open
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        {...remove.dialog}
        title={t('confirmDeleteTitle', { name: remove.toDelete?.name ?? '' })}
      >
        {t('confirmDeleteText')}
      </ConfirmDialog>
    </PageTitle>
  );
};

/** /TagsKanban: the same screen for kanban lanes. */
export const TagsKanbanPage = () => <TagsPage kanban={1} />;
