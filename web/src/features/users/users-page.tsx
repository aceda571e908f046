import { Avatar, Badge, HStack, Table } from '@chakra-ui/react';
import type { UserRecord } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../app/runtime-config.js';
import { useAppSelector } from '../../app/hooks.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedSearch } from '../../components/paged-search.js';
import { notify } from '../../components/toaster.js';
import { PagedRowsTable, PagedSearchBar } from '../../components/paged-rows-table.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { useDeleteConfirm } from '../../components/record-dialogs.js';
import { selectUser } from '../auth/session.slice.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { UserModal } from './user-modal.js';
import { useDeleteUserMutation, useGetUsersQuery } from './users.api.js';
import { RowActions } from '../../components/row-actions.js';

const UserRows = ({
  searchParam,
  pageNumber,
  onHasMore,
  onEdit,
  onDelete,
}: {
  searchParam: string;
  pageNumber: number;
  onHasMore: (page: number, hasMore: boolean) => void;
  onEdit: (user: UserRecord) => void;
  onDelete: (user: UserRecord) => void;
}) => {
  const { t } = useTranslation('users');
  const { data, isError } = useGetUsersQuery({ searchParam, pageNumber });
  useEffect(() => {
    if (data) onHasMore(pageNumber, data.hasMore);
  }, [data, pageNumber, onHasMore]);
  useEffect(() => {
    if (isError) notify.error(t('loadError'));
  }, [isError, t]);
  // the first page answering no rows is the empty list (later pages add to rows already shown)
  if (pageNumber === 1 && data?.users?.length === 0) {
    return <TableEmptyRow columns={6} text={t('empty')} />;
  }
  return (data?.users ?? []).map((user) => (
    <Table.Row key={user.id} data-testid={`user-row-${user.id}`}>
      <Table.Cell>
        <HStack>
          <Avatar.Root size="xs" colorPalette="brand">
            <Avatar.Fallback name={user.name} />
            <Avatar.Image src={mediaUrl(user.profileImage)} />
          </Avatar.Root>
          {user.name}
        </HStack>
      </Table.Cell>
      <Table.Cell>{user.email}</Table.Cell>
      <Table.Cell>{t(`profiles.${user.profile}`)}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={user.online ? 'green' : 'gray'} variant="subtle">
          {user.online ? t('online') : t('offline')}
        </Badge>
      </Table.Cell>
      <Table.Cell>{`${user.startWork} – ${user.endWork}`}</Table.Cell>
      <Table.Cell>
        <RowActions onEdit={() => onEdit(user)} onDelete={() => onDelete(user)} />
      </Table.Cell>
    </Table.Row>
  ));
};

/** /users (admins): search, pages on scroll, add/edit modal, delete with confirmation. */
export const UsersPage = () => {
  const { t } = useTranslation('users');
  const viewer = useAppSelector(selectUser);
  const { typed, setTyped, search, pages, onHasMore, onScroll } = usePagedSearch();
  const [editing, setEditing] = useState<UserRecord | 'new' | null>(null);
  const [deleteUser] = useDeleteUserMutation();
  const remove = useDeleteConfirm<UserRecord>(deleteUser, () => notify.success(t('deleted')));

  if (!viewer) return null;
  return (
    <PageTitle titleKey="users">
      <PagedSearchBar
        typed={typed}
        onType={setTyped}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => setEditing('new')}
      />
      <PagedRowsTable
        columns={(['name', 'email', 'profile', 'status', 'workHours', 'actions'] as const).map(
          (key) => t(`columns.${key}`),
        )}
        onScroll={onScroll}
        testId="users-scroll"
      >
        {Array.from({ length: pages }, (_, i) => (
          <UserRows
            key={`${search}:${i + 1}`}
            searchParam={search}
            pageNumber={i + 1}
            onHasMore={onHasMore}
            onEdit={setEditing}
            onDelete={remove.ask}
          />
        ))}
      </PagedRowsTable>
      {editing && (
        <UserModal
          key={editing === 'new' ? 'new' : editing.id}
          user={editing === 'new' ? undefined : editing}
          viewer={viewer}
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
