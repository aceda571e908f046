import {
  Badge,
  Button,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { hasPermission, type ContactImportJob, type ContactRecord } from '@sb/contracts';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDownload, LuEraser, LuLock, LuLockOpen, LuUpload } from 'react-icons/lu';
import i18next from 'i18next';
import { errorMessage } from '../../api/error-message.js';
import { useCompanyEvents } from '../../api/use-company-events.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { ConfirmDialog, DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedList } from '../../components/paged-search.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { PagedTable } from '../../components/paged-table.js';
import { useDeleteConfirm } from '../../components/record-dialogs.js';
import { selectUser } from '../auth/session.slice.js';
import { TagChip } from '../tags/tag-chip.js';
import { useListTagsQuery } from '../tags/tags.api.js';
import {
  collectAllContacts,
  contactSheetRows,
  downloadContactSheet,
  importProgress,
  isXlsxFile,
} from './contact-sheet.js';
import { ContactModal } from './contact-modal.js';
import {
  contactsApi,
  useDeleteContactMutation,
  useEraseContactMutation,
  usePageContactsQuery,
  useToggleContactBlockMutation,
  useUploadContactsMutation,
  type ContactSocketPayload,
} from './contacts.api.js';

/** Spec 2 §9: the import panel closes this long after the job finished. */
const ImportPanelCloseMs = 15_000;

/** A contact's row, with its block button and, for admins, its erasure (LGPD). */
const ContactRow = ({
  contact,
  mayDelete,
  onEdit,
  onDelete,
  onErase,
}: {
  contact: ContactRecord;
  mayDelete: boolean;
  onEdit: (contact: ContactRecord) => void;
  onDelete: (contact: ContactRecord) => void;
  /** absent for a user who may not erase */
  onErase?: (contact: ContactRecord) => void;
}) => {
  const { t } = useTranslation('contacts');
  const [toggleBlock] = useToggleContactBlockMutation();

  const block = async () => {
    try {
      await toggleBlock({ id: contact.id, active: !contact.active }).unwrap();
      notify.success(contact.active ? t('blocked') : t('unblocked'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <Table.Row data-testid={`contact-row-${contact.id}`}>
      <Table.Cell>
        <HStack>
          <Text>{contact.name}</Text>
          {!contact.active && (
            <Badge colorPalette="red" variant="subtle">
              {t('blockedBadge')}
            </Badge>
          )}
        </HStack>
      </Table.Cell>
      <Table.Cell>{contact.number}</Table.Cell>
      <Table.Cell>{contact.email}</Table.Cell>
      <Table.Cell>
        <HStack gap="1" wrap="wrap">
          {contact.tags.map((tag) => (
            <TagChip key={tag.id} tag={tag} />
          ))}
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <RowActions
          onEdit={() => onEdit(contact)}
          onDelete={mayDelete ? () => onDelete(contact) : undefined}
        >
          <IconButton
            size="xs"
            variant="ghost"
            aria-label={contact.active ? t('block') : t('unblock')}
            onClick={() => void block()}
          >
            {contact.active ? <LuLock /> : <LuLockOpen />}
          </IconButton>
          {onErase && (
            <IconButton
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={t('erase')}
              title={t('erase')}
              onClick={() => onErase(contact)}
            >
              <LuEraser />
            </IconButton>
          )}
        </RowActions>
      </Table.Cell>
    </Table.Row>
  );
};

/** /contacts (spec 2 §2): search, tag filter, pages on scroll, add/edit, block, delete, import, export. */
export const ContactsPage = () => {
  const { t } = useTranslation('contacts');
  const dispatch = useAppDispatch();
  const viewer = useAppSelector(selectUser);
  const [tagFilter, setTagFilter] = useState('');
  const contactTag = tagFilter ? [Number(tagFilter)] : [];
  const list = usePagedList(
    usePageContactsQuery,
    { contactTag },
    { rowsOf: (page) => page.contacts, loadError: t('loadError') },
  );
  const { data: tags = [] } = useListTagsQuery({ kanban: 0 });
  const [editing, setEditing] = useState<ContactRecord | 'new' | null>(null);
  const [deleteContact] = useDeleteContactMutation();
  const remove = useDeleteConfirm<ContactRecord>(deleteContact, () => notify.success(t('deleted')));
  const [eraseContact] = useEraseContactMutation();
  const erase = useDeleteConfirm<ContactRecord>(eraseContact, () => notify.success(t('erased')));
  const [upload] = useUploadContactsMutation();
  const [job, setJob] = useState<ContactImportJob | null>(null);
  const [exporting, setExporting] = useState(false);
  const [explaining, setExplaining] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const progress = importProgress(job);

  // the import job reports on the company's contact channel
  useCompanyEvents(
    viewer?.companyId,
    'contact',
    (payload: ContactSocketPayload) => {
      if (payload?.action === 'import' && payload.job.id === job?.id) setJob(payload.job);
    },
    !!job && job.status !== 'finished',
  );

  useEffect(() => {
    if (!progress.finished) return;
    dispatch(contactsApi.util.invalidateTags([{ type: 'Contact', id: 'LIST' }]));
    const timer = setTimeout(() => setJob(null), ImportPanelCloseMs);
    return () => clearTimeout(timer);
  }, [progress.finished, dispatch]);

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isXlsxFile(file)) {
      notify.error(t('onlyXlsx'));
      return;
    }
    try {
      setJob(await upload(file).unwrap());
    } catch (err) {
      toastError(err);
    }
  };

  const exportSheet = async () => {
    setExporting(true);
    try {
      const contacts = await collectAllContacts((pageNumber) =>
        dispatch(
          contactsApi.endpoints.listContacts.initiate(
            { searchParam: list.searchParam, pageNumber, contactTag },
            { subscribe: false },
          ),
        ).unwrap(),
      );
      await downloadContactSheet(
        contactSheetRows(contacts, {
          name: t('columns.name'),
          number: t('columns.number'),
          email: t('columns.email'),
          tags: t('columns.tags'),
        }),
      );
    } catch (err) {
      toastError(err);
    } finally {
      setExporting(false);
    }
  };

  if (!viewer) return null;
  const mayDelete = viewer.super || hasPermission(viewer, 'contacts-page:deleteContact');
  const mayErase = viewer.super || viewer.profile === 'admin';
  return (
    <PageTitle titleKey="contacts">
      <HStack mb="3" justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2" flex="1" minW="xs">
          <Input
            maxW="sm"
            placeholder={t('search')}
            aria-label={t('search')}
            value={list.searchBox.search}
            onChange={(e) => list.searchBox.onSearch(e.target.value)}
          />
          <NativeSelect.Root maxW="56">
            <NativeSelect.Field
              aria-label={t('tagFilter')}
              value={tagFilter}
              onChange={(e) => setTagFilter(e.target.value)}
            >
              <option value="">{t('allTags')}</option>
              {tags.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <HStack gap="2" wrap="wrap">
          <input
            ref={fileInput}
            type="file"
            hidden
            accept=".xls,.xlsx"
            data-testid="contacts-import-file"
            onChange={(e) => void chooseFile(e)}
          />
          <Button variant="outline" onClick={() => setExplaining(true)} disabled={progress.running}>
            <LuUpload />
            {t('import')}
          </Button>
          <Button variant="outline" onClick={() => void exportSheet()} loading={exporting}>
            <LuDownload />
            {t('export')}
          </Button>
          <Button colorPalette="brand" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        </HStack>
      </HStack>
      {job && (
        <Stack
          mb="3"
          p="3"
          borderWidth="1px"
          borderRadius="md"
          bg="bg.panel"
          data-testid="contacts-import"
        >
          <Text>
            {progress.finished
              ? t('importFinished')
              : t('importRunning', { done: job.done, total: job.total })}
          </Text>
          <Text fontWeight="medium" data-testid="contacts-import-counts">
            {t('importCounts', { created: job.created, updated: job.updated, skipped: job.failed })}
          </Text>
          {job.failedRows.map((row) => (
            <Text key={row.row} color="fg.error" fontSize="sm">
              {t('importFailedRow', {
                row: row.row,
                number: row.number,
                reason: row.field
                  ? t(`importReasons.${row.field}`, { defaultValue: row.error })
                  : errorMessage({ error: row.error }, i18next.t),
              })}
            </Text>
          ))}
        </Stack>
      )}
      <PagedTable
        columns={(['name', 'number', 'email', 'tags', 'actions'] as const).map((key) =>
          t(`columns.${key}`),
        )}
        testId="contacts-scroll"
        emptyText={t('empty')}
        {...list.table}
      >
        {list.rows.map((contact) => (
          <ContactRow
            key={contact.id}
            contact={contact}
            mayDelete={mayDelete}
            onEdit={setEditing}
            onDelete={remove.ask}
            onErase={mayErase ? erase.ask : undefined}
          />
        ))}
      </PagedTable>
      {editing && (
        <ContactModal
          key={editing === 'new' ? 'new' : editing.id}
          contact={editing === 'new' ? undefined : editing}
          open
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={explaining}
        title={t('importTitle')}
        confirmLabel={t('chooseFile')}
        onClose={() => setExplaining(false)}
        onConfirm={() => {
          setExplaining(false);
          fileInput.current?.click();
        }}
      >
        {t('importColumns', {
          name: t('columns.name'),
          number: t('columns.number'),
          email: t('columns.email'),
          tags: t('columns.tags'),
        })}
      </ConfirmDialog>
      <DeleteConfirmDialog
        confirm={remove}
        title={t('confirmDeleteTitle', { name: remove.toDelete?.name ?? '' })}
        warning={t('confirmDeleteText')}
      />
      <ConfirmDialog
        {...erase.dialog}
        title={t('confirmEraseTitle', { name: erase.toDelete?.name ?? '' })}
        confirmLabel={t('confirmErase')}
        destructive
      >
        {t('confirmEraseText')}
      </ConfirmDialog>
    </PageTitle>
  );
};
