import { Avatar, Badge, HStack, Table } from '@chakra-ui/react';
import type { UserRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../app/runtime-config.js';
import { useAppSelector } from '../../app/hooks.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedList } from '../../components/paged-search.js';
import { notify } from '../../components/toaster.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { useDeleteConfirm } from '../../components/record-dialogs.js';
import { selectUser } from '../auth/session.slice.js';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { UserModal } from './user-modal.js';
import { useDeleteUserMutation, useGetUsersQuery } from './users.api.js';
import { RowActions } from '../../components/row-actions.js';

/** /users (admins): search, pages on scroll, add/edit modal, delete with confirmation. */
export const UsersPage = () => {
  const { t } = useTranslation('users');
  const viewer = useAppSelector(selectUser);
  const list = usePagedList(
    useGetUsersQuery,
    {},
    { rowsOf: (page) => page.users, loadError: t('loadError') },
  );
  const [editing, setEditing] = useState<UserRecord | 'new' | null>(null);
  const [deleteUser] = useDeleteUserMutation();
  const remove = useDeleteConfirm<UserRecord>(deleteUser, () => notify.success(t('deleted')));

  if (!viewer) return null;
  return (
    <PageTitle titleKey="users">
      <SearchAddBar
        {...list.searchBox}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => setEditing('new')}
      />
      <PagedTable
        columns={(['name', 'email', 'profile', 'status', 'workHours', 'actions'] as const).map(
          (key) => t(`columns.${key}`),
        )}
        testId="users-scroll"
        emptyText={t('empty')}
        {...list.table}
      >
        {list.rows.map((user) => (
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
              <RowActions onEdit={() => setEditing(user)} onDelete={() => remove.ask(user)} />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      {editing && (
        <UserModal
          key={editing === 'new' ? 'new' : editing.id}
          user={editing === 'new' ? undefined : editing}
          viewer={viewer}
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
