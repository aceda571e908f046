import type { ParseKeys } from 'i18next';
import { Badge, IconButton, Table } from '@chakra-ui/react';
import type { CampaignRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChartBar, LuPause, LuPlay, LuRocket, LuSend } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../lib/dates.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { useListConnectionRecordsQuery } from '../connections/connections.api.js';
import { CampaignDialog } from './campaign-dialog.js';
import { CampaignTestSendDialog } from './campaign-test-send-dialog.js';
import {
  useCancelCampaignMutation,
  useDeleteCampaignMutation,
  usePageCampaignsQuery,
  useRestartCampaignMutation,
  useStartCampaignMutation,
} from './campaigns.api.js';

/** "Start now" is offered before a campaign's first send: inactive, scheduled, or cancelled unsent. */
const mayStartNow = (campaign: CampaignRecord) =>
  campaign.status === 'INATIVA' ||
  campaign.status === 'PROGRAMADA' ||
  (campaign.status === 'CANCELADA' && campaign.counters.total === 0);

/**
 * /campaigns (spec 3 §2.2): search, infinite scroll, and per campaign its status (a finished one
 * where every row failed reads as failed), list or tag, sent/delivered/failed/opted-out counts,
 * connections, times and confirmation, with start now, pause, restart, a test send, report, edit and
 * delete.
 */
export const CampaignsPage = () => {
  const { t, i18n } = useTranslation('campaigns');
  const navigate = useNavigate();
  const list = usePagedList(usePageCampaignsQuery, {}, { rowsOf: (page) => page.records });
  const [cancel] = useCancelCampaignMutation();
  const [restart] = useRestartCampaignMutation();
  const [startNow] = useStartCampaignMutation();
  const [remove, removing] = useDeleteCampaignMutation();
  const [editing, setEditing] = useState<CampaignRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<CampaignRecord | null>(null);
  const [trying, setTrying] = useState<CampaignRecord | null>(null);
  const connections = useListConnectionRecordsQuery().data ?? [];
  /** The names of a campaign's connections (`whatsappId` holds their ids, comma-separated). */
  const connectionNames = (ids: string) =>
    ids
      .split(',')
      .filter(Boolean)
      .map((id) => connections.find((c) => String(c.id) === id)?.name ?? `#${id}`)
      .join(', ');
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  const act = async (run: () => Promise<unknown>, done: ParseKeys<'campaigns'>) => {
    try {
      await run();
      notify.success(t(done));
    } catch (error) {
      toastError(error);
    }
  };
  const confirmDelete = async () => {
    if (toDelete) await act(() => remove(toDelete.id).unwrap(), 'deleted');
    setToDelete(null);
  };

  return (
    <PageTitle titleKey="campaigns">
      <SearchAddBar
        {...list.searchBox}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => {
          setEditing(null);
          setFormOpen(true);
        }}
      />
      <PagedTable
        columns={[
          t('name'),
          t('status'),
          t('audienceColumn'),
          t('counts'),
          t('connections'),
          t('scheduledAt'),
          t('completedAt'),
          t('confirmation'),
          t('actions'),
        ]}
        emptyText={t('empty')}
        {...list.table}
      >
        {list.rows.map((campaign) => (
          <Table.Row key={campaign.id} data-testid="campaign-row">
            <Table.Cell>{campaign.name}</Table.Cell>
            <Table.Cell>
              {campaign.allFailed ? (
                <Badge colorPalette="red">{t('failedStatus')}</Badge>
              ) : (
                t(`statuses.${campaign.status}`)
              )}
            </Table.Cell>
            <Table.Cell>
              {campaign.contactList?.name ??
                (campaign.tag ? t('tagAudience', { name: campaign.tag.name }) : '—')}
            </Table.Cell>
            <Table.Cell
              whiteSpace="nowrap"
              aria-label={t('countsLabel', campaign.counters)}
              data-testid="campaign-counts"
            >
              {t('countsCell', campaign.counters)}
            </Table.Cell>
            <Table.Cell>{connectionNames(campaign.whatsappId) || '—'}</Table.Cell>
            <Table.Cell>{when(campaign.scheduledAt)}</Table.Cell>
            <Table.Cell>{when(campaign.completedAt)}</Table.Cell>
            <Table.Cell>{campaign.confirmation ? t('yes') : t('no')}</Table.Cell>
            <Table.Cell>
              <RowActions
                onEdit={() => {
                  setEditing(campaign);
                  setFormOpen(true);
                }}
                onDelete={() => setToDelete(campaign)}
              >
                {mayStartNow(campaign) && (
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={t('startNow')}
                    onClick={() => void act(() => startNow(campaign.id).unwrap(), 'started')}
                  >
                    <LuRocket />
                  </IconButton>
                )}
                {(campaign.status === 'EM_ANDAMENTO' || campaign.status === 'PROGRAMADA') && (
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={t('pause')}
                    onClick={() => void act(() => cancel(campaign.id).unwrap(), 'cancelled')}
                  >
                    <LuPause />
                  </IconButton>
                )}
                {campaign.status === 'CANCELADA' && (
                  <IconButton
                    size="xs"
                    variant="ghost"
                    aria-label={t('restart')}
                    onClick={() => void act(() => restart(campaign.id).unwrap(), 'restarted')}
                  >
                    <LuPlay />
                  </IconButton>
                )}
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('testSend.action')}
                  onClick={() => setTrying(campaign)}
                >
                  <LuSend />
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('report')}
                  onClick={() => void navigate(`/campaign/${campaign.id}/report`)}
                >
                  <LuChartBar />
                </IconButton>
              </RowActions>
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <CampaignDialog open={formOpen} campaign={editing} onClose={() => setFormOpen(false)} />
      {trying && <CampaignTestSendDialog campaign={trying} onClose={() => setTrying(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
