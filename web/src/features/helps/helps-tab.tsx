import { Button, HStack, Stack, Table } from '@chakra-ui/react';
import { HelpInput, type Help } from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/form-fields.js';
import { notify, toastError } from '../../components/toaster.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { submitDelay, SubmitDelayMs } from '../../components/submit-delay.js';
import { RowActions } from '../../components/row-actions.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import {
  useCreateHelpMutation,
  useDeleteHelpMutation,
  useListHelpsQuery,
  useUpdateHelpMutation,
} from './helps.api.js';

type Draft = { title: string; description: string; video: string };
type DraftErrors = Partial<Record<keyof Draft, string>>;
const emptyDraft: Draft = { title: '', description: '', video: '' };

/**
 * The helps tab of /settings (super users, spec 2 §2): the list and an add/edit form above it; the API
 * refuses everyone else with 403.
 */
export const HelpsTab = () => {
  const { t } = useTranslation('helps');
  const { data: helps = [] } = useListHelpsQuery();
  const [createHelp] = useCreateHelpMutation();
  const [updateHelp] = useUpdateHelpMutation();
  const [deleteHelp, deleting] = useDeleteHelpMutation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<Help | null>(null);

  const reset = () => {
    setDraft(emptyDraft);
    setEditing(null);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = HelpInput.safeParse(draft);
    if (!parsed.success) {
      const found: DraftErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Draft;
        found[field] ??= field === 'title' ? t('titleRequired') : t('invalidVideo');
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      await submitDelay(SubmitDelayMs.administration);
      if (editing === null) await createHelp(parsed.data).unwrap();
      else await updateHelp({ ...parsed.data, id: editing }).unwrap();
      notify.success(t('saved'));
      reset();
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteHelp(toDelete.id).unwrap();
      notify.success(t('deleted'));
      if (editing === toDelete.id) reset();
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  const set = (field: keyof Draft) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));

  return (
    <Stack gap="6" data-testid="helps-tab">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="3">
          <HStack gap="3" align="start" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
            <TextField
              label={t('title')}
              required
              error={errors.title}
              value={draft.title}
              onChange={set('title')}
            />
            <TextField
              label={t('video')}
              error={errors.video}
              input={{ placeholder: 'dQw4w9WgXcQ' }}
              value={draft.video}
              onChange={set('video')}
            />
          </HStack>
          <TextField
            label={t('description')}
            rows={3}
            value={draft.description}
            onChange={set('description')}
          />
          <HStack justify="flex-end">
            {editing !== null && (
              <Button variant="outline" onClick={reset}>
                {t('cancel')}
              </Button>
            )}
            <Button type="submit" colorPalette="brand" loading={saving}>
              {editing === null ? t('add') : t('save')}
            </Button>
          </HStack>
        </Stack>
      </form>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('title')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('description')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('video')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {helps.length === 0 && <TableEmptyRow columns={4} text={t('empty')} />}
            {helps.map((help) => (
              <Table.Row key={help.id}>
                <Table.Cell>{help.title}</Table.Cell>
                <Table.Cell maxW="80" truncate>
                  {help.description}
                </Table.Cell>
                <Table.Cell>{help.video}</Table.Cell>
                <Table.Cell>
                  <RowActions
                    onEdit={() => {
                      setEditing(help.id);
                      setErrors({});
                      setDraft({
                        title: help.title,
                        description: help.description,
                        video: help.video,
                      });
                    }}
                    onDelete={() => setToDelete(help)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { title: toDelete?.title ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </Stack>
  );
};
