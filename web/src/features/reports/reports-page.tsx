import { Button, Field, HStack, Input, Table, Tabs, Text } from '@chakra-ui/react';
import { NpsClasses, ReportKinds, TicketStatuses, type ReportKind } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload } from 'react-icons/lu';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks.js';
import { IdSelect, ValueSelect } from '../../components/id-select.js';
import { TableScrollRegion } from '../../components/table-scroll-region.js';
import { PageTitle } from '../../components/page-title.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { notify, toastError } from '../../components/toaster.js';
import { useListConnectionRecordsQuery } from '../connections/connections.api.js';
import { useListQueuesQuery } from '../queues/queues.api.js';
import { useListTagsQuery } from '../tags/tags.api.js';
import { useGetUserPickerQuery } from '../users/users.api.js';
import { ReportColumns, reportSheet, type ReportFormat } from './report-columns.js';
import { useReportTimeZone, useReportToday } from '../moments/use-report-today.js';
import { filtersOf, reportFilterOf, searchOf, type ReportFilters } from './report-filters.js';
import { collectReportRows, downloadSheet, ReportTooLargeError } from './report-export.js';
import { reportsApi, useGetTicketReportQuery } from './reports.api.js';
import { ServiceMetricsPanel } from './service-metrics-panel.js';
import { SlaPanel } from './sla-panel.js';

const isKind = (value: string | undefined): value is ReportKind =>
  (ReportKinds as readonly string[]).includes(value ?? '');

/**
 * The reports of spec 2 §2 (tickets, group tickets, ticket duration, NPS answers) at /reports/<kind>:
 * one filter bar (dates, queue, user, connection, status, tag), a paged table, and CSV / XLSX files of
 * every row the filters select.
 */
export const ReportsPage = () => {
  const { t, i18n } = useTranslation('reports');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const params = useParams();
  const kind: ReportKind = isKind(params.kind) ? params.kind : 'tickets';
  const location = useLocation();
  // the filters live in the address: a dashboard card opens a report already filtered
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search, useReportToday());
  const filter = reportFilterOf(filters, kind);
  // the page number belongs to one report: another kind starts on its first page
  const [paging, setPaging] = useState({ kind, pageNumber: 1 });
  const pageNumber = paging.kind === kind ? paging.pageNumber : 1;
  const setPageNumber = (pageNumber: number) => setPaging({ kind, pageNumber });
  const [exporting, setExporting] = useState(false);
  const queues = useListQueuesQuery();
  const users = useGetUserPickerQuery();
  const connections = useListConnectionRecordsQuery();
  const tags = useListTagsQuery();
  const ready = !!filters.dateFrom && !!filters.dateTo;
  const report = useGetTicketReportQuery({ ...filter, pageNumber }, { skip: !ready });
  const page = report.data;
  const timeZone = useReportTimeZone();
  const format: ReportFormat = { t, timeZone, language: i18n.language };

  const set = (change: Partial<ReportFilters>) => {
    setSearch(searchOf({ ...filters, ...change }), { replace: true });
    setPageNumber(1);
  };
  const exportAs = async (fileFormat: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      const rows = await collectReportRows(filter, (filter) =>
        dispatch(
          reportsApi.endpoints.getTicketReport.initiate(filter, { subscribe: false }),
        ).unwrap(),
      );
      await downloadSheet(
        reportSheet(kind, rows, format),
        fileFormat,
        `${t(`kinds.${kind}`)} ${filters.dateFrom} ${filters.dateTo}`,
      );
    } catch (error) {
      if (error instanceof ReportTooLargeError)
        notify.error(t('exportTooLarge', { count: error.limit }));
      else toastError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageTitle titleKey="reports">
      <Tabs.Root
        value={kind}
        onValueChange={(e) =>
          void navigate({ pathname: `/reports/${e.value}`, search: location.search })
        }
      >
        <Tabs.List>
          {ReportKinds.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`kinds.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* one panel, the chosen report's: the tabs name the route */}
        <Tabs.Content value={kind}>
          <HStack gap="4" mb="4" wrap="wrap" align="end" data-testid="report-filter">
            <Field.Root maxW="44">
              <Field.Label>{t('dateFrom')}</Field.Label>
              <Input
                type="date"
                value={filters.dateFrom ?? ''}
                onChange={(e) => set({ dateFrom: e.target.value })}
              />
            </Field.Root>
            <Field.Root maxW="44">
              <Field.Label>{t('dateTo')}</Field.Label>
              <Input
                type="date"
                value={filters.dateTo ?? ''}
                onChange={(e) => set({ dateTo: e.target.value })}
              />
            </Field.Root>
            <IdSelect
              label={t('columns.queue')}
              allLabel={t('all')}
              options={queues.data ?? []}
              value={filters.queueId}
              onChange={(queueId) => set({ queueId })}
              maxW="44"
            />
            <IdSelect
              label={t('columns.user')}
              allLabel={t('all')}
              options={users.data ?? []}
              value={filters.userId}
              onChange={(userId) => set({ userId })}
              maxW="44"
            />
            <IdSelect
              label={t('columns.connection')}
              allLabel={t('all')}
              options={connections.data ?? []}
              value={filters.whatsappId}
              onChange={(whatsappId) => set({ whatsappId })}
              maxW="44"
            />
            <ValueSelect
              label={t('columns.status')}
              allLabel={t('all')}
              options={TicketStatuses.map((status) => ({
                value: status,
                name: t(`statuses.${status}`),
              }))}
              value={filters.status}
              onChange={(status) => set({ status })}
              maxW="44"
            />
            <IdSelect
              label={t('columns.tags')}
              allLabel={t('all')}
              options={tags.data ?? []}
              value={filters.tagId}
              onChange={(tagId) => set({ tagId })}
              maxW="44"
            />
            {kind === 'nps' && (
              <ValueSelect
                label={t('columns.npsClass')}
                allLabel={t('all')}
                options={NpsClasses.map((npsClass) => ({
                  value: npsClass,
                  name: t(`npsClasses.${npsClass}`),
                }))}
                value={filters.npsClass}
                onChange={(npsClass) => set({ npsClass })}
                maxW="44"
              />
            )}
            {kind !== 'groups' && (
              <ValueSelect
                label={t('groupTickets')}
                allLabel={t('groupsIncluded')}
                options={[{ value: 'leftOut', name: t('groupsLeftOut') }]}
                value={filters.groups === false ? 'leftOut' : undefined}
                onChange={(leftOut) => set({ groups: leftOut ? false : undefined })}
                maxW="44"
              />
            )}
            <HStack>
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  variant="outline"
                  loading={exporting}
                  disabled={!page?.count || report.isFetching}
                  onClick={() => void exportAs(format)}
                >
                  <LuDownload /> {t(`export.${format}`)}
                </Button>
              ))}
            </HStack>
          </HStack>
          {!ready ? (
            <Text>{t('configureFilter')}</Text>
          ) : report.isError ? (
            <Text color="fg.error" role="alert">
              {t('loadError')}
            </Text>
          ) : (
            <>
              {kind === 'duration' && (
                <>
                  <ServiceMetricsPanel filter={filter} />
                  <SlaPanel filter={filter} queues={queues.data ?? []} />
                </>
              )}
              {/* the last answer stays, dimmed and marked busy, until the new filter's answer arrives */}
              <TableScrollRegion
                aria-label={t(`kinds.${kind}`)}
                aria-busy={report.isFetching}
                opacity={report.isFetching ? 0.6 : 1}
              >
                <Table.Root size="sm" data-testid="report-table">
                  <Table.Header>
                    <Table.Row>
                      {ReportColumns[kind].map((column) => (
                        <Table.ColumnHeader key={column.key}>
                          {t(`columns.${column.key}`)}
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {page?.rows.map((row) => (
                      <Table.Row key={row.id} data-testid="report-row">
                        {ReportColumns[kind].map((column) => (
                          <Table.Cell key={column.key}>{column.cell(row, format)}</Table.Cell>
                        ))}
                      </Table.Row>
                    ))}
                    {page && page.rows.length === 0 && (
                      <TableEmptyRow columns={ReportColumns[kind].length} text={t('empty')} />
                    )}
                  </Table.Body>
                </Table.Root>
              </TableScrollRegion>
              <HStack justify="space-between" mt="3">
                <Text color="fg.muted" data-testid="report-count">
                  {t('count', { count: page?.count ?? 0 })}
                </Text>
                <HStack>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={pageNumber <= 1}
                    onClick={() => setPageNumber(pageNumber - 1)}
                  >
                    {t('previous')}
                  </Button>
                  <Text>{t('page', { page: pageNumber })}</Text>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!page?.hasMore}
                    onClick={() => setPageNumber(pageNumber + 1)}
                  >
                    {t('next')}
                  </Button>
                </HStack>
              </HStack>
            </>
          )}
        </Tabs.Content>
      </Tabs.Root>
    </PageTitle>
  );
};
