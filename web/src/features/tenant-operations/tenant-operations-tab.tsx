import { Badge, Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { TenantOperationStatus, TenantOperationView } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { notify } from '../../components/toaster.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { formatDateTime } from '../../lib/dates.js';
import {
  RunningPollMs,
  tenantOperationsApi,
  useAbortTenantOperationMutation,
  useGetTenantOperationsQuery,
  useLazyGetBundleLinkQuery,
} from './tenant-operations.api.js';

const statusPalette: Record<TenantOperationStatus, string> = {
  running: 'blue',
  done: 'green',
  failed: 'red',
};

/** What one operation removed, service by service: rows per table, objects, sessions. */
const OperationReport = ({ operation }: { operation: TenantOperationView }) => {
  const { t } = useTranslation('companies');
  return (
    <Stack gap="2" py="2" data-testid={`operation-report-${operation.id}`}>
      {operation.error && (
        <Text color="fg.error">
          {t('operations.error', { error: operation.error })}
          {operation.kind === 'erase' && ` ${t('operations.resumeErase')}`}
        </Text>
      )}
      {operation.steps.map((step) => {
        const rows = Object.entries(step.report?.rows ?? {});
        const total = rows.reduce((sum, [, n]) => sum + n, 0);
        return (
          <Box key={`${step.service}-${step.action}`}>
            <HStack gap="2">
              <Text fontWeight="semibold">
                {step.service} · {t(`operations.actions.${step.action}`)}
              </Text>
              <Badge colorPalette={step.status === 'failed' ? 'red' : 'gray'}>
                {t(`operations.stepStatus.${step.status}`)}
              </Badge>
              {step.report && (
                <Text fontSize="sm" color="fg.muted">
                  {t('operations.rows', { count: total })}
                  {step.report.objects !== undefined &&
                    ` · ${t('operations.objects', { count: step.report.objects })}`}
                  {step.report.sessions !== undefined &&
                    ` · ${t('operations.sessions', { count: step.report.sessions })}`}
                  {step.retries !== undefined &&
                    ` · ${t('operations.retries', { count: step.retries })}`}
                </Text>
              )}
            </HStack>
            {rows.length > 0 && (
              <Text fontSize="sm" color="fg.muted">
                {rows.map(([table, n]) => `${table} ${n}`).join(', ')}
              </Text>
            )}
            {step.error && (
              <Text fontSize="sm" color="fg.error">
                {step.error}
              </Text>
            )}
          </Box>
        );
      })}
    </Stack>
  );
};

/** Opens a short-lived link to an export's bundle: the browser downloads the file. */
const DownloadButton = ({ operationId }: { operationId: string }) => {
  const { t } = useTranslation('companies');
  const [fetchLink, { isFetching }] = useLazyGetBundleLinkQuery();
  const download = async () => {
    try {
      const { url } = await fetchLink(operationId).unwrap();
      window.location.assign(url);
    } catch {
      notify.error(t('operations.downloadError'));
    }
  };
  return (
    <Button size="xs" variant="outline" me="2" loading={isFetching} onClick={() => void download()}>
      {t('operations.download')}
    </Button>
  );
};

/** Stops a running export, once confirmed: its company works again at once. */
const AbortButton = ({ operation }: { operation: TenantOperationView }) => {
  const { t } = useTranslation('companies');
  const [asking, setAsking] = useState(false);
  const [abort, { isLoading }] = useAbortTenantOperationMutation();
  const confirm = async () => {
    try {
      await abort(operation.id).unwrap();
      setAsking(false);
    } catch {
      notify.error(t('operations.abortError'));
    }
  };
  return (
    <>
      <Button size="xs" variant="outline" colorPalette="red" me="2" onClick={() => setAsking(true)}>
        {t('operations.abort')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t('operations.abortTitle', { company: operation.companyName })}
        confirmLabel={t('operations.abort')}
        destructive
        busy={isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      >
        {t('operations.abortText')}
      </ConfirmDialog>
    </>
  );
};

/**
 * The tenant operations (super): an erase, export or import shows its steps as they complete; the list is
 * read again every few seconds while one runs.
 */
export const TenantOperationsTab = () => {
  const { t, i18n } = useTranslation('companies');
  // the list as last read decides whether to read it again soon
  const cached = tenantOperationsApi.endpoints.getTenantOperations.useQueryState();
  const running = cached.data?.some((operation) => operation.status === 'running') ?? false;
  const {
    data: operations = [],
    isLoading,
    isError,
  } = useGetTenantOperationsQuery(undefined, {
    pollingInterval: running ? RunningPollMs : 0,
  });
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    if (isError) notify.error(t('loadError'));
  }, [isError, t]);

  return (
    <Box>
      <Text mb="3" color="fg.muted">
        {t('operations.hint')}
      </Text>
      <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg.panel">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {(['started', 'company', 'kind', 'status', 'progress', 'finished'] as const).map(
                (key) => (
                  <Table.ColumnHeader key={key}>{t(`operations.${key}`)}</Table.ColumnHeader>
                ),
              )}
              <Table.ColumnHeader textAlign="end">{t('actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!isLoading && operations.length === 0 && (
              <TableEmptyRow columns={7} text={t('operations.empty')} />
            )}
            {operations.map((operation) => {
              const done = operation.steps.filter((step) => step.status === 'done').length;
              const current = operation.steps.find((step) => step.status !== 'done');
              const expanded = open === operation.id;
              return [
                <Table.Row key={operation.id}>
                  <Table.Cell>{formatDateTime(operation.createdAt, i18n.language)}</Table.Cell>
                  <Table.Cell>
                    {operation.companyName} (#{operation.companyId})
                  </Table.Cell>
                  <Table.Cell>{t(`operations.kinds.${operation.kind}`)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={statusPalette[operation.status]}>
                      {t(`operations.statuses.${operation.status}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    {t('operations.steps', { done, total: operation.steps.length })}
                    {operation.status === 'running' &&
                      current &&
                      ` · ${current.service} · ${t(`operations.actions.${current.action}`)}`}
                  </Table.Cell>
                  <Table.Cell>
                    {operation.finishedAt
                      ? formatDateTime(operation.finishedAt, i18n.language)
                      : ''}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    {operation.kind === 'export' && operation.status === 'done' && (
                      <DownloadButton operationId={operation.id} />
                    )}
                    {operation.kind === 'export' && operation.status === 'running' && (
                      <AbortButton operation={operation} />
                    )}
                    <Button
                      size="xs"
                      variant="outline"
                      aria-expanded={expanded}
                      onClick={() => setOpen(expanded ? null : operation.id)}
                    >
                      {expanded ? t('operations.hideReport') : t('operations.showReport')}
                    </Button>
                  </Table.Cell>
                </Table.Row>,
                expanded && (
                  <Table.Row key={`${operation.id}-report`}>
                    <Table.Cell colSpan={7} whiteSpace="normal">
                      <OperationReport operation={operation} />
                    </Table.Cell>
                  </Table.Row>
                ),
              ];
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
};
