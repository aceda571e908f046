import { Table } from '@chakra-ui/react';
import type { TagRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { RowActionsCell } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
import { useDeleteConfirm } from '../../components/record-dialogs.js';
import { selectUser } from '../auth/session.slice.js';
import { TagChip } from './tag-chip.js';
import { TagModal } from './tag-modal.js';
import { useDeleteTagMutation, useGetTagsPageQuery } from './tags.api.js';

/**
 * /tags and /TagsKanban (spec 3 §2.9–2.10): searchable coloured chips with their contact (or, for kanban
 * lanes, ticket) counts, add, edit and delete. Deleting is for admins.
 */
export const TagsPage = ({ kanban = 0 }: { kanban?: 0 | 1 }) => {
  const { t } = useTranslation('tags');
  const viewer = useAppSelector(selectUser);
  const list = usePagedList(
    useGetTagsPageQuery,
    { kanban },
    { rowsOf: (page) => page.tags, loadError: t('loadError') },
  );
  const [editing, setEditing] = useState<TagRecord | 'new' | null>(null);
  const [deleteTag] = useDeleteTagMutation();
  const remove = useDeleteConfirm<TagRecord>(deleteTag, () => notify.success(t('deleted')));

  if (!viewer) return null;
  const mayDelete = viewer.super || viewer.profile === 'admin';
  return (
    <PageTitle titleKey={kanban ? 'tagsKanban' : 'tags'}>
      <SearchAddBar
        {...list.searchBox}
        searchLabel={t('search')}
        addLabel={kanban ? t('addKanban') : t('add')}
        onAdd={() => setEditing('new')}
      />
      <PagedTable
        columns={[
          t('columns.name'),
          kanban ? t('columns.tickets') : t('columns.contacts'),
          t('columns.actions'),
        ]}
        centered={1}
        testId="tags-scroll"
        emptyText={t('empty')}
        {...list.table}
      >
        {list.rows.map((tag) => (
          <Table.Row key={tag.id} data-testid={`tag-row-${tag.id}`}>
            <Table.Cell>
              <TagChip tag={tag} py="1" />
            </Table.Cell>
            <Table.Cell textAlign="center">
              {kanban ? tag.ticketsCount : tag.contactsCount}
            </Table.Cell>
            <RowActionsCell
              record={tag}
              onEdit={setEditing}
              onDelete={mayDelete ? remove.ask : undefined}
            />
          </Table.Row>
        ))}
      </PagedTable>
      {editing && (
        <TagModal
          key={editing === 'new' ? 'new' : editing.id}
          tag={editing === 'new' ? undefined : editing}
          kanban={kanban}
          open
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteConfirmDialog
        confirm={remove}
        title={t('confirmDeleteTitle', { name: remove.toDelete?.name ?? '' })}
        warning={t('confirmDeleteText')}
      />
    </PageTitle>
  );
};

/** /TagsKanban: the same screen for kanban lanes. */
export const TagsKanbanPage = () => <TagsPage kanban={1} />;
