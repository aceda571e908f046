import { Badge, Table } from '@chakra-ui/react';
import type { QuickMessage } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { selectUser } from '../auth/session.slice.js';
import { QuickMessageDialog } from './quick-message-dialog.js';
import { useDeleteQuickMessageMutation, usePageQuickMessagesQuery } from './quick-messages.api.js';

/** /quick-messages (spec 3 §2.7): search, add, edit, delete; shortcode, media, general flag. */
export const QuickMessagesPage = () => {
  const { t } = useTranslation('quick-messages');
  const viewer = useAppSelector(selectUser);
  const isAdmin = !!viewer && (viewer.super || viewer.profile === 'admin');
  const form = useRecordForm<QuickMessage>();
  const [deleteQuickMessage] = useDeleteQuickMessageMutation();
  const remove = useDeleteConfirm<QuickMessage>(deleteQuickMessage, () =>
    notify.success(t('deleted')),
  );
  const list = usePagedList(usePageQuickMessagesQuery, {}, { rowsOf: (page) => page.records });

  // plain users change only their own personal messages (spec 3 §6)
  const mayChange = (record: QuickMessage) =>
    isAdmin || (!record.geral && record.userId === viewer?.id);

  return (
    <PageTitle titleKey="quickMessages">
      <SearchAddBar
        {...list.searchBox}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={form.openNew}
      />
      <PagedTable
        columns={[t('shortcode'), t('mediaName'), t('general'), t('actions')]}
        emptyText={t('empty')}
        {...list.table}
      >
        {list.rows.map((record) => (
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
                  onEdit={() => form.openEdit(record)}
                  onDelete={() => remove.ask(record)}
                />
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <QuickMessageDialog
        open={form.formOpen}
        record={form.editing}
        mayMarkGeneral={isAdmin}
        onClose={form.close}
      />
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteTitle', { shortcode: remove.toDelete?.shortcode ?? '' })}
        warning={t('deleteWarning')}
      />
    </PageTitle>
  );
};
