import { Badge, Button, HStack, Menu, Portal, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { ChannelKind, ConnectionRecord } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LuCheck,
  LuChevronDown,
  LuCircleAlert,
  LuCircleCheck,
  LuHeadset,
  LuQrCode,
  LuRefreshCw,
  LuWifiOff,
} from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../lib/dates.js';
import { useAppSelector } from '../../app/hooks.js';
import { supportChatUrl } from '../../app/runtime-config.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { RowActions } from '../../components/row-actions.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { notify, toastError } from '../../components/toaster.js';
import { selectUser } from '../auth/session.slice.js';
import { ConnectionModal } from './connection-modal.js';
import {
  useDeleteConnectionMutation,
  useDisconnectSessionMutation,
  useListConnectionRecordsQuery,
  useRenewSessionMutation,
  useRestartConnectionsMutation,
  useStartSessionMutation,
} from './connections.api.js';
import { FacebookConnectDialog } from './facebook-connect-dialog.js';
import { ImportStatus } from './import-status.js';
import { QrCodeDialog } from './qr-code-dialog.js';

type ChannelFlags = { useWhatsapp?: boolean; useFacebook?: boolean; useInstagram?: boolean };

/** The plan flag of each channel (both WhatsApp drivers are the plan's useWhatsapp). */
const ChannelFlag: Record<ChannelKind, keyof ChannelFlags> = {
  whatsapp: 'useWhatsapp',
  whatsappapi: 'useWhatsapp',
  facebook: 'useFacebook',
  instagram: 'useInstagram',
};

/**
 * The new-connection menu (spec 2 §2): every channel, each disabled when the company's plan lacks it,
 * so a person sees what a plan could add rather than a shorter menu.
 */
export const newConnectionEntries = (
  plan: ChannelFlags | undefined,
): { kind: ChannelKind; enabled: boolean }[] =>
  (Object.keys(ChannelFlag) as ChannelKind[]).map((kind) => ({
    kind,
    enabled: plan?.[ChannelFlag[kind]] === true,
  }));

/** Spec 2 §4: one icon per session status. */
const StatusIcon = ({ status }: { status: ConnectionRecord['status'] }) => {
  if (status === 'CONNECTED') return <LuCircleCheck color="green" />;
  if (status === 'qrcode') return <LuQrCode />;
  if (status === 'OPENING' || status === 'PAIRING') return <Spinner size="xs" />;
  if (status === 'DISCONNECTED') return <LuWifiOff color="red" />;
  return <LuCircleAlert color="orange" />;
};

/**
 * /connections (spec 2 §2, §4): the columns channel, name, number, status (with the history import
 * progress and its close-imported-tickets button under it), session, last update, default and actions;
 * the QR and edit dialogs.
 */
export const ConnectionsPage = () => {
  const { t, i18n } = useTranslation('connections');
  const viewer = useAppSelector(selectUser);
  const isAdmin = viewer?.profile === 'admin' || !!viewer?.super;
  const plan = viewer?.company.plan;
  const { data: connections = [], isLoading } = useListConnectionRecordsQuery();
  const [editing, setEditing] = useState<ConnectionRecord | null>(null);
  const [channel, setChannel] = useState<ChannelKind>('whatsapp');
  const [modalOpen, setModalOpen] = useState(false);
  const [qrcode, setQrcode] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<ConnectionRecord | null>(null);
  const [toDisconnect, setToDisconnect] = useState<ConnectionRecord | null>(null);
  const [remove, deleting] = useDeleteConnectionMutation();
  const [start] = useStartSessionMutation();
  const [renew] = useRenewSessionMutation();
  const [disconnect, disconnecting] = useDisconnectSessionMutation();
  const [restart, restarting] = useRestartConnectionsMutation();
  const [facebookKind, setFacebookKind] = useState<'facebook' | 'instagram' | null>(null);
  const entries = newConnectionEntries(plan);
  // /connections?edit=<id> opens that connection's dialog (the /tickets first-steps hint links here
  // so the admin links its queues); the parameter goes once the dialog is open
  const [params, setParams] = useSearchParams();
  const editId = Number(params.get('edit'));
  useEffect(() => {
    const linked = editId ? connections.find((c) => c.id === editId) : undefined;
    if (!linked || !isAdmin) return;
    setEditing(linked);
    setModalOpen(true);
    setParams({}, { replace: true });
  }, [editId, connections, isAdmin, setParams]);
  const supportUrl = supportChatUrl();
  // The session and actions columns hold only buttons that spec 2 §6 grants admins
  // (connections-page:actionButtons, connections-page:editOrDeleteConnection), so they show to admins
  // only; the route itself is admin-only, so whoever reaches the page sees all eight columns.
  const columns = isAdmin ? 8 : 6;

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      toastError(error);
    }
  };

  const openNew = (kind: ChannelKind) => {
    // Facebook and Instagram connections come from the Facebook login (one per page)
    if (kind === 'facebook' || kind === 'instagram') {
      setFacebookKind(kind);
      return;
    }
    setEditing(null);
    setChannel(kind);
    setModalOpen(true);
  };

  const sessionButtons = (c: ConnectionRecord) => {
    if (c.status === 'qrcode') {
      return (
        <Button size="xs" colorPalette="brand" onClick={() => setQrcode(c.qrcode)}>
          {t('showQr')}
        </Button>
      );
    }
    if (c.status === 'DISCONNECTED') {
      return (
        <HStack gap="1">
          <Button size="xs" variant="outline" onClick={() => void run(() => start(c.id).unwrap())}>
            {t('tryAgain')}
          </Button>
          <Button
            size="xs"
            colorPalette="brand"
            onClick={() => void run(() => renew(c.id).unwrap())}
          >
            {t('newQr')}
          </Button>
        </HStack>
      );
    }
    // spec 2 §4: a disabled connecting button with a spinner
    if (c.status === 'OPENING') {
      return (
        <Button size="xs" variant="outline" disabled loading loadingText={t('statuses.OPENING')}>
          {t('statuses.OPENING')}
        </Button>
      );
    }
    return (
      <Button size="xs" variant="outline" colorPalette="red" onClick={() => setToDisconnect(c)}>
        {t('disconnect')}
      </Button>
    );
  };

  return (
    <PageTitle titleKey="connections">
      <HStack mb="4" justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium" data-testid="connections-count">
          {t('count', { count: connections.length })}
        </Text>
        {isAdmin && (
          <HStack wrap="wrap" gap="2">
            <Button
              variant="outline"
              loading={restarting.isLoading}
              onClick={() =>
                void run(async () => {
                  await restart().unwrap();
                  notify.success(t('restarted'));
                })
              }
            >
              <LuRefreshCw />
              {t('restartAll')}
            </Button>
            {supportUrl && (
              <Button asChild variant="outline">
                <a href={supportUrl} target="_blank" rel="noopener noreferrer">
                  <LuHeadset />
                  {t('callSupport')}
                </a>
              </Button>
            )}
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <Button colorPalette="brand" data-testid="new-connection">
                  {t('new')}
                  <LuChevronDown />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {entries.map(({ kind, enabled }) => (
                      <Menu.Item
                        key={kind}
                        value={kind}
                        disabled={!enabled}
                        // a disabled item still hears clicks: only an enabled one opens its dialog
                        onClick={enabled ? () => openNew(kind) : undefined}
                      >
                        {t(`add.${kind}`)}
                        {/* a space, so the entry reads "Facebook Not in your plan" */}
                        {!enabled && ' '}
                        {!enabled && (
                          <Text as="span" ms="auto" ps="4" fontSize="xs">
                            {t('notInPlan')}
                          </Text>
                        )}
                      </Menu.Item>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
        )}
      </HStack>
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="calc(100vh - 14rem)">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('channel')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('number')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('status')}</Table.ColumnHeader>
              {isAdmin && <Table.ColumnHeader>{t('session')}</Table.ColumnHeader>}
              <Table.ColumnHeader>{t('lastUpdate')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('isDefault')}</Table.ColumnHeader>
              {isAdmin && <Table.ColumnHeader textAlign="end">{t('actions')}</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!isLoading && connections.length === 0 && (
              <TableEmptyRow
                columns={columns}
                text={t('empty')}
                next={{ to: '/queues', label: t('emptyNext') }}
              />
            )}
            {connections.map((c) => (
              <Table.Row key={c.id} data-testid="connection-row">
                <Table.Cell>
                  <Badge>{t(`channels.${c.channel}`)}</Badge>
                </Table.Cell>
                <Table.Cell>{c.name}</Table.Cell>
                <Table.Cell>{c.number ?? '—'}</Table.Cell>
                <Table.Cell>
                  <Stack gap="1" align="start">
                    <HStack gap="2" title={t(`statuses.${c.status}`)}>
                      <StatusIcon status={c.status} />
                      <Text fontSize="sm">{t(`statuses.${c.status}`)}</Text>
                    </HStack>
                    <ImportStatus connection={c} isAdmin={isAdmin} />
                  </Stack>
                </Table.Cell>
                {isAdmin && <Table.Cell>{sessionButtons(c)}</Table.Cell>}
                <Table.Cell>{formatDateTime(c.updatedAt, i18n.language)}</Table.Cell>
                <Table.Cell>{c.isDefault && <LuCheck aria-label={t('isDefault')} />}</Table.Cell>
                {isAdmin && (
                  <Table.Cell>
                    <RowActions
                      onEdit={() => {
                        setEditing(c);
                        setModalOpen(true);
                      }}
                      onDelete={() => setToDelete(c)}
                    />
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {isLoading && <Spinner size="sm" m="3" />}
      </Table.ScrollArea>
      <ConnectionModal
        open={modalOpen}
        connection={editing}
        channel={channel}
        onClose={() => setModalOpen(false)}
      />
      <QrCodeDialog qrcode={qrcode} onClose={() => setQrcode(null)} />
      <FacebookConnectDialog kind={facebookKind} onClose={() => setFacebookKind(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() =>
          void run(async () => {
            if (toDelete) await remove(toDelete.id).unwrap();
            notify.success(t('deleted'));
          }).finally(() => setToDelete(null))
        }
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
      <ConfirmDialog
        open={toDisconnect !== null}
        title={t('disconnectTitle', { name: toDisconnect?.name ?? '' })}
        busy={disconnecting.isLoading}
        onConfirm={() =>
          void run(async () => {
            if (toDisconnect) await disconnect(toDisconnect.id).unwrap();
          }).finally(() => setToDisconnect(null))
        }
        onClose={() => setToDisconnect(null)}
      >
        {t('disconnectWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
