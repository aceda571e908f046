import { Box, IconButton, Table, Text } from '@chakra-ui/react';
import {
  dueDateHighlight,
  nextDueDate,
  type CompanyRecordView,
  type CompanyEraseReply,
  type CompanyStorage,
  type CompanyView,
  type Recurrence,
} from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalendarPlus, LuPackage } from 'react-icons/lu';
import { usePagedList } from '../../components/paged-search.js';
import { notify } from '../../components/toaster.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { useDeleteConfirm } from '../../components/record-dialogs.js';
import { fileSizeLabel } from '../../lib/file-size.js';
import { formatDate } from '../auth/due-date.js';
import {
  useDeleteCompanyMutation,
  useGetCompaniesQuery,
  useUpdateCompanyMutation,
} from './companies.api.js';
import { CompanyExportDialog } from './company-export-dialog.js';
import { CompanyFormDialog } from './company-form-dialog.js';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
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

/**
 * What the company takes up: its rows' and media's bytes together, and its rows; a dash when unknown
 * (a service did not answer, or an identity older than the field answered the list).
 */
const StorageCell = ({ storage }: { storage?: CompanyStorage | null }) => {
  const { t, i18n } = useTranslation('companies');
  if (!storage) return <Table.Cell title={t('countUnavailable')}>—</Table.Cell>;
  const size = fileSizeLabel(storage.bytes + storage.mediaBytes, i18n.language);
  return (
    <Table.Cell
      whiteSpace="nowrap"
      title={t('storageDetail', {
        rows: fileSizeLabel(storage.bytes, i18n.language),
        media: fileSizeLabel(storage.mediaBytes, i18n.language),
      })}
    >
      {size} · {t('storageRows', { count: storage.rows })}
    </Table.Cell>
  );
};

/** A company's row, with its due-date button. */
const CompanyRow = ({
  company,
  onEdit,
  onDelete,
  onExport,
}: {
  company: CompanyRecordView;
  onEdit: (company: CompanyView) => void;
  onDelete: (company: CompanyView) => void;
  onExport: (company: CompanyView) => void;
}) => {
  const { t } = useTranslation('companies');
  const [update] = useUpdateCompanyMutation();
  const [advancing, setAdvancing] = useState(false);

  /** The due-date button: one recurrence further (from today when already past due). */
  const advance = async () => {
    const recurrence = (company.recurrence ?? 'MENSAL') as Recurrence;
    const current = company.dueDate ? new Date(company.dueDate) : null;
    setAdvancing(true);
    try {
      await update({
        id: company.id,
        dueDate: nextDueDate(current, recurrence).toISOString(),
      }).unwrap();
      notify.success(t('success'));
    } catch {
      notify.error(t('saveError'));
    } finally {
      setAdvancing(false);
    }
  };

  const highlight = dueDateHighlight(company);
  return (
    <Table.Row bg={highlight ? rowBg[highlight] : undefined} data-highlight={highlight ?? 'none'}>
      <Table.Cell>{company.id}</Table.Cell>
      <Table.Cell>{company.name}</Table.Cell>
      <Table.Cell>{company.email}</Table.Cell>
      <Table.Cell>{company.plan.name}</Table.Cell>
      <Table.Cell>{company.status ? t('active') : t('inactive')}</Table.Cell>
      <Table.Cell>{company.usersCount}</Table.Cell>
      <RecordCount count={company.connectionsCount} />
      <RecordCount count={company.queuesCount} />
      <StorageCell storage={company.storage} />
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
              aria-label={t('exportAction')}
              title={t('exportAction')}
              onClick={() => onExport(company)}
            >
              <LuPackage />
            </IconButton>
          )}
          {company.id !== 1 && (
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('advanceDueDate')}
              title={t('advanceDueDate')}
              loading={advancing}
              onClick={() => void advance()}
            >
              <LuCalendarPlus />
            </IconButton>
          )}
        </RowActions>
      </Table.Cell>
    </Table.Row>
  );
};

/** The companies list (super): search, pages on scroll, add/edit, delete, due-date highlight and button. */
export const CompaniesTab = () => {
  const { t } = useTranslation('companies');
  const list = usePagedList(
    useGetCompaniesQuery,
    {},
    { rowsOf: (page) => page.companies, loadError: t('loadError') },
  );
  const [editing, setEditing] = useState<CompanyView | 'new' | null>(null);
  const [exporting, setExporting] = useState<CompanyView | null>(null);
  const [deleteCompany] = useDeleteCompanyMutation();
  const remove = useDeleteConfirm<CompanyView, CompanyEraseReply>(
    deleteCompany,
    ({ operation }) => {
      if (operation.status === 'done') notify.success(t('success'));
      else if (operation.status === 'running') notify.info(t('erasing'));
      else notify.error(t('deleteError'), { description: operation.error ?? undefined });
    },
    () => notify.error(t('deleteError')),
  );

  return (
    <Box>
      <SearchAddBar
        {...list.searchBox}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => setEditing('new')}
      />
      <PagedTable
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
            'storage',
            'dueDate',
            'recurrence',
            'actions',
          ] as const
        ).map((key) => t(key))}
        emptyText={t('empty')}
        {...list.table}
      >
        {list.rows.map((company) => (
          <CompanyRow
            key={company.id}
            company={company}
            onEdit={setEditing}
            onDelete={remove.ask}
            onExport={setExporting}
          />
        ))}
      </PagedTable>
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
      {exporting && <CompanyExportDialog company={exporting} onClose={() => setExporting(null)} />}
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteTitle', { name: remove.toDelete?.name ?? '' })}
        warning={t('deleteHint')}
      />
    </Box>
  );
};
