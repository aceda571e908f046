import { Box, Heading, Table } from '@chakra-ui/react';
import type { QueueIntegration } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { RowActionsCell } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { IntegrationLogo } from './integration-logo.js';
import { QueueIntegrationDialog } from './queue-integration-dialog.js';
import {
  useDeleteQueueIntegrationMutation,
  usePageQueueIntegrationsQuery,
} from './queue-integrations.api.js';

const lowerCased = (text: string) => text.trim().toLowerCase();

/**
 * /queue-integration (spec 3 §2.14): the title with the count, a lower-cased search, add, and the
 * infinitely scrolled table (type logo, id, name, edit, delete); the company's socket keeps it live.
 */
export const QueueIntegrationsPage = () => {
  const { t } = useTranslation('queue-integrations');
  const { t: tRoutes } = useTranslation('routes');
  const form = useRecordForm<QueueIntegration>();
  const [deleteIntegration] = useDeleteQueueIntegrationMutation();
  const remove = useDeleteConfirm<QueueIntegration>(deleteIntegration, () =>
    notify.success(t('deleted')),
  );
  const list = usePagedList(
    usePageQueueIntegrationsQuery,
    {},
    { rowsOf: (page) => page.queueIntegrations, normalise: lowerCased },
  );

  const title = tRoutes('queueIntegration');

  return (
    <Box as="section" aria-label={title}>
      <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="-0.01em" mb="4">
        {t('title', { title, count: list.data?.count ?? list.rows.length })}
      </Heading>
      <SearchAddBar
        {...list.searchBox}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={form.openNew}
      />
      <PagedTable
        columns={[t('type'), t('id'), t('name'), t('actions')]}
        emptyText={t('empty')}
        {...list.table}
      >
        {list.rows.map((record) => (
          <Table.Row key={record.id} data-testid="queue-integration-row">
            <Table.Cell>
              <IntegrationLogo type={record.type} />
            </Table.Cell>
            <Table.Cell>{record.id}</Table.Cell>
            <Table.Cell>{record.name}</Table.Cell>
            <RowActionsCell record={record} onEdit={form.openEdit} onDelete={remove.ask} />
          </Table.Row>
        ))}
      </PagedTable>
      <QueueIntegrationDialog open={form.formOpen} record={form.editing} onClose={form.close} />
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteTitle', { name: remove.toDelete?.name ?? '' })}
        warning={t('deleteWarning')}
      />
    </Box>
  );
};
