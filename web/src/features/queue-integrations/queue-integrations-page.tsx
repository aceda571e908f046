import { Box, Heading, Table } from '@chakra-ui/react';
import type { QueueIntegration } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PagedTable, SearchAddBar, useSearchPages } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
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
  const { search, setSearch, searchParam, pageNumber, nextPage } = useSearchPages(lowerCased);
  const form = useRecordForm<QueueIntegration>();
  const [deleteIntegration] = useDeleteQueueIntegrationMutation();
  const remove = useDeleteConfirm<QueueIntegration>(deleteIntegration, () =>
    notify.success(t('deleted')),
  );
  const { data, isLoading, isFetching } = usePageQueueIntegrationsQuery({
    searchParam,
    pageNumber,
  });

  const records = data?.queueIntegrations ?? [];
  const title = tRoutes('queueIntegration');

  return (
    <Box as="section" aria-label={title}>
      <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="-0.01em" mb="4">
        {t('title', { title, count: data?.count ?? records.length })}
      </Heading>
      <SearchAddBar
        search={search}
        onSearch={setSearch}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={form.openNew}
      />
      <PagedTable
        columns={[t('type'), t('id'), t('name'), t('actions')]}
        isEmpty={!isLoading && records.length === 0}
        emptyText={t('empty')}
        fetching={isFetching}
        hasMore={data?.hasMore ?? false}
        onNextPage={nextPage}
      >
        {records.map((record) => (
          <Table.Row key={record.id} data-testid="queue-integration-row">
            <Table.Cell>
              <IntegrationLogo type={record.type} />
            </Table.Cell>
            <Table.Cell>{record.id}</Table.Cell>
            <Table.Cell>{record.name}</Table.Cell>
            <Table.Cell>
              <RowActions
                onEdit={() => form.openEdit(record)}
                onDelete={() => remove.ask(record)}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <QueueIntegrationDialog open={form.formOpen} record={form.editing} onClose={form.close} />
      <ConfirmDialog
        {...remove.dialog}
        title={t('deleteTitle', { name: remove.toDelete?.name ?? '' })}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </Box>
  );
};
