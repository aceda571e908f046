import { Box, Button, HStack, Progress, Stack, Table, Text } from '@chakra-ui/react';
import {
  ContactListItemInput,
  hasPermission,
  type ContactListImportReport,
  type ContactListItemRecord,
} from '@sb/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuArrowLeft, LuCircleCheck, LuCircleHelp, LuCircleX, LuUpload } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.js';
import { ConfirmDialog, DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { RowActionsCell } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { selectUser } from '../auth/session.slice.js';
import {
  useDeleteListItemMutation,
  useGetContactListQuery,
  usePageListItemsQuery,
  useSaveListItemMutation,
  useUploadContactListMutation,
} from './contact-lists.api.js';
import { FormDialog } from './form-dialog.js';
import { isListSheetFile, messageKey } from './list-sheet.js';

const ValidIcon = ({ valid }: { valid: boolean | null }) => {
  const { t } = useTranslation('contactLists');
  const [Icon, color, label] =
    valid === null
      ? [LuCircleHelp, 'fg.muted', t('unchecked')]
      : valid
        ? [LuCircleCheck, 'green.500', t('valid')]
        : [LuCircleX, 'red.500', t('invalid')];
  return (
    <Box as="span" role="img" color={color} title={label} aria-label={label} display="inline-flex">
      <Icon />
    </Box>
  );
};

/**
 * /contact-lists/{id}/contacts (spec 3 §2.6): search, back to the lists, import a .xls/.xlsx sheet after
 * a confirmation (progress while it runs, then how many rows were added, updated and refused, each
 * refused row with its reason), add, edit, delete (permission contacts-page:deleteContact). Each row
 * shows whether its number has a WhatsApp account.
 */
export const ContactListItemsPage = () => {
  const { t } = useTranslation('contactLists');
  const navigate = useNavigate();
  const contactListId = Number(useParams().contactListId);
  const viewer = useAppSelector(selectUser);
  const mayDelete =
    !!viewer && (viewer.super || hasPermission(viewer, 'contacts-page:deleteContact'));
  const { data: list } = useGetContactListQuery(contactListId);
  const items = usePagedList(
    usePageListItemsQuery,
    { contactListId },
    { rowsOf: (page) => page.contacts },
  );
  const [save] = useSaveListItemMutation();
  const [deleteRecord] = useDeleteListItemMutation();
  const [upload, uploading] = useUploadContactListMutation();
  const form = useRecordForm<ContactListItemRecord>();
  const remove = useDeleteConfirm<ContactListItemRecord>(deleteRecord, () =>
    notify.success(t('deleted')),
  );
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ContactListImportReport | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const pick = (picked: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!picked) return;
    if (!isListSheetFile(picked)) {
      notify.error(t('onlySheets'));
      return;
    }
    setFile(picked);
  };

  const runImport = async () => {
    if (!file) return;
    try {
      setReport(await upload({ id: contactListId, file }).unwrap());
    } catch (error) {
      toastError(error);
    }
    setFile(null);
  };

  return (
    <PageTitle titleKey="contactListItems">
      <HStack justify="space-between" mb="2" wrap="wrap">
        <Button size="sm" variant="ghost" onClick={() => void navigate('/contact-lists')}>
          <LuArrowLeft /> {t('back')}
        </Button>
        <Text fontWeight="semibold">{list?.name}</Text>
        <Button
          size="sm"
          variant="outline"
          loading={uploading.isLoading}
          onClick={() => fileInput.current?.click()}
        >
          <LuUpload /> {t('importButton')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="list-import-input"
          accept=".xls,.xlsx,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => pick(e.target.files?.[0])}
        />
      </HStack>
      {uploading.isLoading && (
        <Stack mb="3" data-testid="list-import-progress">
          <Text fontSize="sm">{t('importing')}</Text>
          <Progress.Root value={null} size="sm">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
      {report && (
        <Box mb="3" p="3" borderWidth="1px" rounded="md" data-testid="list-import-report">
          <Text>
            {t('importDone', {
              count: report.total,
              added: report.added,
              updated: report.updated,
              failed: report.failed.length,
            })}
          </Text>
          {report.failed.slice(0, 100).map((failure) => (
            <Text key={failure.row} fontSize="sm" color="red.500">
              {t('importRowFailed', {
                row: failure.row,
                reasons: Object.entries(failure.fields)
                  .map(([field, messages]) =>
                    messages
                      .map(
                        (m) =>
                          `${t(`fields.${field}`, { defaultValue: field })}: ${t(`messages.${messageKey(m)}`, { defaultValue: m })}`,
                      )
                      .join(', '),
                  )
                  .join('; '),
              })}
            </Text>
          ))}
          {report.failed.length > 100 && (
            <Text fontSize="sm">
              {t('importMoreFailed', { count: report.failed.length - 100 })}
            </Text>
          )}
          <Button size="xs" mt="2" variant="ghost" onClick={() => setReport(null)}>
            {t('close')}
          </Button>
        </Box>
      )}
      <SearchAddBar
        {...items.searchBox}
        searchLabel={t('search')}
        addLabel={t('addContact')}
        onAdd={form.openNew}
      />
      <PagedTable
        columns={[t('valid'), t('name'), t('number'), t('email'), t('actions')]}
        emptyText={t('emptyContacts')}
        {...items.table}
      >
        {items.rows.map((item) => (
          <Table.Row key={item.id} data-testid="contact-list-item-row">
            <Table.Cell>
              <ValidIcon valid={item.isWhatsappValid} />
            </Table.Cell>
            <Table.Cell>{item.name}</Table.Cell>
            <Table.Cell>{item.number}</Table.Cell>
            <Table.Cell>{item.email}</Table.Cell>
            <RowActionsCell
              record={item}
              onEdit={form.openEdit}
              onDelete={mayDelete ? remove.ask : undefined}
            />
          </Table.Row>
        ))}
      </PagedTable>
      <FormDialog
        open={form.formOpen}
        title={form.editing ? t('editContact') : t('addContact')}
        fields={[
          { name: 'name', label: t('name') },
          { name: 'number', label: t('number') },
          { name: 'email', label: t('email'), type: 'email' },
        ]}
        initial={{
          name: form.editing?.name ?? '',
          number: form.editing?.number ?? '',
          email: form.editing?.email ?? '',
        }}
        schema={ContactListItemInput}
        extra={{ contactListId }}
        onSave={(values) =>
          save(form.editing ? { id: form.editing.id, ...values } : values).unwrap()
        }
        onClose={form.close}
      />
      <ConfirmDialog
        open={file !== null}
        title={t('importTitle')}
        confirmLabel={t('importButton')}
        onConfirm={() => void runImport()}
        onClose={() => setFile(null)}
      >
        {t('importWarning', { file: file?.name ?? '' })}
      </ConfirmDialog>
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteContactTitle', { name: remove.toDelete?.name ?? '' })}
        warning={t('deleteContactWarning')}
      />
    </PageTitle>
  );
};
