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
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable, SearchAddBar, useSearchPages } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
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
  const { search, setSearch, searchParam, pageNumber, nextPage } = useSearchPages();
  const { data: list } = useGetContactListQuery(contactListId);
  const { data, isLoading, isFetching } = usePageListItemsQuery({
    contactListId,
    searchParam,
    pageNumber,
  });
  const [save] = useSaveListItemMutation();
  const [remove, removing] = useDeleteListItemMutation();
  const [upload, uploading] = useUploadContactListMutation();
  const [editing, setEditing] = useState<ContactListItemRecord | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ContactListItemRecord | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ContactListImportReport | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const contacts = data?.contacts ?? [];

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

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
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
        search={search}
        onSearch={setSearch}
        searchLabel={t('search')}
        addLabel={t('addContact')}
        onAdd={() => {
          setEditing(null);
          setFormOpen(true);
        }}
      />
      <PagedTable
        columns={[t('valid'), t('name'), t('number'), t('email'), t('actions')]}
        isEmpty={!isLoading && contacts.length === 0}
        emptyText={t('emptyContacts')}
        fetching={isFetching}
        hasMore={data?.hasMore ?? false}
        onNextPage={nextPage}
      >
        {contacts.map((item) => (
          <Table.Row key={item.id} data-testid="contact-list-item-row">
            <Table.Cell>
              <ValidIcon valid={item.isWhatsappValid} />
            </Table.Cell>
            <Table.Cell>{item.name}</Table.Cell>
            <Table.Cell>{item.number}</Table.Cell>
            <Table.Cell>{item.email}</Table.Cell>
            <Table.Cell>
              <RowActions
                onEdit={() => {
                  setEditing(item);
                  setFormOpen(true);
                }}
                {...(mayDelete ? { onDelete: () => setToDelete(item) } : {})}
              />
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <FormDialog
        open={formOpen}
        title={editing ? t('editContact') : t('addContact')}
        fields={[
          { name: 'name', label: t('name') },
          { name: 'number', label: t('number') },
          { name: 'email', label: t('email'), type: 'email' },
        ]}
        initial={{
          name: editing?.name ?? '',
          number: editing?.number ?? '',
          email: editing?.email ?? '',
        }}
        schema={ContactListItemInput}
        extra={{ contactListId }}
        onSave={(values) => save(editing ? { id: editing.id, ...values } : values).unwrap()}
        onClose={() => setFormOpen(false)}
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
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteContactTitle', { name: toDelete?.name ?? '' })}
        busy={removing.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteContactWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
