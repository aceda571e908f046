import { Box, Heading, Table } from '@chakra-ui/react';
import type { QueueIntegration } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PagedTable, SearchAddBar, useSearchPages } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
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
  const [editing, setEditing] = useState<QueueIntegration | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<QueueIntegration | null>(null);
  const [deleteIntegration, deleting] = useDeleteQueueIntegrationMutation();
  const { data, isLoading, isFetching } = usePageQueueIntegrationsQuery({
    searchParam,
    pageNumber,
  });

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteIntegration(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

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
        onAdd={() => {
          setEditing(null);
          setFormOpen(true);
        }}
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
                onEdit={() => {
                  setEditing(record);
                  setFormOpen(true);
                }}
                onDelete={() => setToDelete(record)}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <QueueIntegrationDialog open={formOpen} record={editing} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </Box>
  );
};
