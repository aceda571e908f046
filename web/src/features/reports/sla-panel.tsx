import { Button, HStack, IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import {
  SlaTargetMaxMinutes,
  type SlaQueueRow,
  type SlaShare,
  type TicketReportFilter,
} from '@sb/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { TableScrollRegion } from '../../components/table-scroll-region.js';
import { useTranslation } from 'react-i18next';
import { LuX } from 'react-icons/lu';
import { notify, toastError } from '../../components/toaster.js';
import { MetricsPending } from './metrics-pending.js';
import {
  useClearSlaTargetMutation,
  useGetServiceMetricsQuery,
  useSetSlaTargetMutation,
} from './reports.api.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { shareView, slaRowsOf, targetOf } from './sla-rows.js';

/** A share as "n of m (p%)", or why there is none. */
const ShareCell = ({ share }: { share: SlaShare | null }) => {
  const { t } = useTranslation('reports');
  const view = shareView(share);
  return (
    <Table.Cell textAlign="end" whiteSpace="nowrap">
      {view.kind === 'noTarget' ? (
        <Text as="span" color="fg.muted">
          {t('sla.noTarget')}
        </Text>
      ) : view.kind === 'none' ? (
        <Text as="span" color="fg.muted">
          {t('sla.nothingYet')}
        </Text>
      ) : (
        t('sla.share', view.share)
      )}
    </Table.Cell>
  );
};

/** The queue's target: typed in minutes and saved (Enter or the button), or cleared. */
const TargetField = ({ row }: { row: SlaQueueRow }) => {
  const { t } = useTranslation('reports');
  const saved = row.targetMinutes === null ? '' : String(row.targetMinutes);
  const [text, setText] = useState(saved);
  useEffect(() => setText(saved), [saved]);
  const [setTarget, setting] = useSetSlaTargetMutation();
  const [clearTarget, clearing] = useClearSlaTargetMutation();
  const minutes = targetOf(text, SlaTargetMaxMinutes);
  const changed = text.trim() !== saved;
  const invalid = changed && text.trim() !== '' && minutes === null;

  const save = async () => {
    if (minutes === null || !changed) return;
    try {
      await setTarget({ queueId: row.queueId, firstResponseMinutes: minutes }).unwrap();
      notify.success(t('sla.saved'));
    } catch (error) {
      toastError(error);
    }
  };
  const clear = async () => {
    try {
      await clearTarget({ queueId: row.queueId }).unwrap();
      notify.success(t('sla.cleared'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <HStack
      as="form"
      gap="1"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Input
        size="sm"
        w="20"
        inputMode="numeric"
        aria-label={t('sla.targetFor', { queue: row.queueName })}
        aria-invalid={invalid}
        placeholder={t('sla.noTarget')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={minutes === null || !changed}
        loading={setting.isLoading}
        aria-label={t('sla.saveFor', { queue: row.queueName })}
      >
        {t('sla.save')}
      </Button>
      {row.targetMinutes !== null && (
        <IconButton
          size="sm"
          variant="ghost"
          aria-label={t('sla.clearFor', { queue: row.queueName })}
          loading={clearing.isLoading}
          onClick={() => void clear()}
        >
          <LuX />
        </IconButton>
      )}
    </HStack>
  );
};

/**
 * The SLA panel: per queue, its first-response target (set here by admins) and the share of the
 * selected tickets answered within it, on the wall clock and in business hours, with the share of
 * every queue that has a target.
 */
export const SlaPanel = ({
  filter,
  queues,
}: {
  filter: TicketReportFilter;
  queues: readonly { id: number; name: string }[];
}) => {
  const { t } = useTranslation('reports');
  const { data, isFetching, isError } = useGetServiceMetricsQuery(filter);
  const titleId = useId();
  const rows = useMemo(
    () => (data ? slaRowsOf(queues, data.sla, filter.queueId) : []),
    [data, queues, filter.queueId],
  );
  if (isError || !data) return <MetricsPending title={t('sla.title')} failed={isError} />;
  return (
    <Stack gap="1" mb="4" data-testid="sla-panel" aria-busy={isFetching}>
      <Text as="h2" id={titleId} fontWeight="semibold">
        {t('sla.title')}
      </Text>
      <Text color="fg.muted" fontSize="sm" mb="2">
        {t('sla.note')}
      </Text>
      <TableScrollRegion aria-labelledby={titleId}>
        <Table.Root size="sm" aria-labelledby={titleId}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('columns.queue')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('sla.target')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('sla.tickets')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('metrics.wallClock')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('metrics.businessHours')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.queueId} data-testid="sla-row" data-queue-id={row.queueId}>
                <Table.Cell as="th" scope="row" fontWeight="normal" textAlign="start">
                  {row.queueName}
                </Table.Cell>
                <Table.Cell>
                  <TargetField row={row} />
                </Table.Cell>
                <Table.Cell textAlign="end">{row.tickets}</Table.Cell>
                <ShareCell share={row.wallClock} />
                <ShareCell share={row.businessHours} />
              </Table.Row>
            ))}
            {rows.length === 0 && <TableEmptyRow columns={5} text={t('sla.noQueues')} />}
          </Table.Body>
          <Table.Footer>
            <Table.Row data-testid="sla-overall">
              <Table.Cell as="th" scope="row" textAlign="start" colSpan={2}>
                {t('sla.overall')}
              </Table.Cell>
              <Table.Cell textAlign="end">{data.sla.overall.tickets}</Table.Cell>
              <ShareCell share={data.sla.overall.wallClock} />
              <ShareCell share={data.sla.overall.businessHours} />
            </Table.Row>
          </Table.Footer>
        </Table.Root>
      </TableScrollRegion>
    </Stack>
  );
};
