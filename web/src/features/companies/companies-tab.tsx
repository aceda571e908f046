import { Box, IconButton, Table, Text } from '@chakra-ui/react';
import { dueDateHighlight, nextDueDate, type CompanyView, type Recurrence } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalendarPlus } from 'react-icons/lu';
import { usePagedSearch } from '../../components/paged-search.js';
import { notify } from '../../components/toaster.js';
import { PagedRowsTable, PagedSearchBar } from '../../components/paged-rows-table.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { useDeleteConfirm } from '../../components/record-dialogs.js';
import { formatDate } from '../auth/due-date.js';
import {
  useDeleteCompanyMutation,
  useGetCompaniesQuery,
  useUpdateCompanyMutation,
} from './companies.api.js';
import { CompanyFormDialog } from './company-form-dialog.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { RowActions } from '../../components/row-actions.js';

const rowBg = { warning: 'yellow.subtle', danger: 'red.subtle' } as const;

/** A count another service keeps: a dash, with the reason on hover, while that service is away. */
const RecordCount = ({ count }: { count: number | null }) => {
  const { t } = useTranslation('companies');
  return count === null ? (
    <Table.Cell title={t('countUnavailable')}>—</Table.Cell>
  ) : (
    <Table.Cell>{count}</Table.Cell>
  );
};

/** One page of rows; pages render one after another, so the list grows as the user scrolls. */
const CompanyRows = ({
  searchParam,
  pageNumber,
  onHasMore,
  onEdit,
  onDelete,
}: {
  searchParam: string;
  pageNumber: number;
  onHasMore: (page: number, hasMore: boolean) => void;
  onEdit: (company: CompanyView) => void;
  onDelete: (company: CompanyView) => void;
}) => {
  const { t } = useTranslation('companies');
  const { data, isError } = useGetCompaniesQuery({ searchParam, pageNumber });
  const [update] = useUpdateCompanyMutation();
  const [advancing, setAdvancing] = useState<number | null>(null);
  useEffect(() => {
    if (data) onHasMore(pageNumber, data.hasMore);
  }, [data, pageNumber, onHasMore]);
  useEffect(() => {
    if (isError) notify.error(t('loadError'));
  }, [isError, t]);

  /** The due-date button: one recurrence further (from today when already past due). */
  const advance = async (company: CompanyView) => {
    const recurrence = (company.recurrence ?? 'MENSAL') as Recurrence;
    const current = company.dueDate ? new Date(company.dueDate) : null;
    setAdvancing(company.id);
    try {
      await update({
        id: company.id,
        dueDate: nextDueDate(current, recurrence).toISOString(),
      }).unwrap();
      notify.success(t('success'));
    } catch {
      notify.error(t('saveError'));
    } finally {
      setAdvancing(null);
    }
  };

  // the first page answering no rows is the empty list (later pages add to rows already shown)
  if (pageNumber === 1 && data?.companies?.length === 0) {
    return <TableEmptyRow columns={9} text={t('empty')} />;
  }
  return (data?.companies ?? []).map((company) => {
    const highlight = dueDateHighlight(company);
    return (
      <Table.Row
        key={company.id}
        bg={highlight ? rowBg[highlight] : undefined}
        data-highlight={highlight ?? 'none'}
      >
        <Table.Cell>{company.id}</Table.Cell>
        <Table.Cell>{company.name}</Table.Cell>
        <Table.Cell>{company.email}</Table.Cell>
        <Table.Cell>{company.plan.name}</Table.Cell>
        <Table.Cell>{company.status ? t('active') : t('inactive')}</Table.Cell>
        <Table.Cell>{company.usersCount}</Table.Cell>
        <RecordCount count={company.connectionsCount} />
        <RecordCount count={company.queuesCount} />
        <Table.Cell>{company.id === 1 ? '—' : formatDate(company.dueDate)}</Table.Cell>
        <Table.Cell>
          {company.recurrence ? t(`recurrences.${company.recurrence as Recurrence}`) : ''}
        </Table.Cell>
        <Table.Cell>
          <RowActions
            onEdit={() => onEdit(company)}
            onDelete={company.id !== 1 ? () => onDelete(company) : undefined}
          >
            {company.id !== 1 && (
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={t('advanceDueDate')}
                title={t('advanceDueDate')}
                loading={advancing === company.id}
                onClick={() => void advance(company)}
              >
                <LuCalendarPlus />
              </IconButton>
            )}
          </RowActions>
        </Table.Cell>
      </Table.Row>
    );
  });
};

/** The companies list (super): search, pages on scroll, add/edit, delete, due-date highlight and button. */
export const CompaniesTab = () => {
  const { t } = useTranslation('companies');
  const { typed, setTyped, search, pages, onHasMore, onScroll } = usePagedSearch();
  const [editing, setEditing] = useState<CompanyView | 'new' | null>(null);
  const [deleteCompany] = useDeleteCompanyMutation();
  const remove = useDeleteConfirm<CompanyView>(
    deleteCompany,
    () => notify.success(t('success')),
    () => notify.error(t('deleteError')),
  );

  return (
    <Box>
      <PagedSearchBar
        typed={typed}
        onType={setTyped}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => setEditing('new')}
      />
      <PagedRowsTable
        columns={(
          [
            'id',
            'name',
            'email',
            'plan',
            'status',
            'attendants',
            'connections',
            'queues',
            'dueDate',
            'recurrence',
            'actions',
          ] as const
        ).map((key) => t(key))}
        onScroll={onScroll}
      >
        {Array.from({ length: pages }, (_, i) => (
          <CompanyRows
            key={`${search}:${i + 1}`}
            searchParam={search}
            pageNumber={i + 1}
            onHasMore={onHasMore}
            onEdit={setEditing}
            onDelete={remove.ask}
          />
        ))}
      </PagedRowsTable>
      <Text mt="2" fontSize="sm" color="fg.muted">
        {t('highlightHint')}
      </Text>
      {editing && (
        <CompanyFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          company={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        {...remove.dialog}
        title={t('deleteTitle', { name: remove.toDelete?.name ?? '' })}
      />
    </Box>
  );
};
