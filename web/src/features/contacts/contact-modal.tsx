import {
  Button,
  Checkbox,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { ContactInput, ContactUpdateInput, type ContactRecord } from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../components/checkbox-group.js';
import { FormDialog } from '../../components/form-dialog.js';
import { TextField } from '../../components/form-fields.js';
import { useFormSave } from '../../components/form-save.js';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { notify } from '../../components/toaster.js';
import { TagChip } from '../tags/tag-chip.js';
import { useListTagsQuery, useSyncContactTagsMutation } from '../tags/tags.api.js';
import { useCreateContactMutation, useUpdateContactMutation } from './contacts.api.js';

type Values = { name: string; number: string; email: string; disableBot: boolean };
type Extra = { name: string; value: string };

/**
 * Add or edit a contact (spec 1 §5): name, number, email, bot switch, extra info and the contact's tags.
 * `onSaved` lets a caller go on with the saved contact (e.g. open a ticket for it).
 */
export const ContactModal = ({
  contact,
  open,
  onClose,
  onSaved,
}: {
  contact?: ContactRecord;
  open: boolean;
  onClose: () => void;
  onSaved?: (contact: ContactRecord) => void;
}) => {
  const { t } = useTranslation('contacts');
  const [create] = useCreateContactMutation();
  const [update] = useUpdateContactMutation();
  const [syncTags] = useSyncContactTagsMutation();
  const { data: tags = [] } = useListTagsQuery({ kanban: 0 });
  const [values, setValues] = useState<Values>({
    name: contact?.name ?? '',
    number: contact?.number ?? '',
    email: contact?.email ?? '',
    disableBot: contact?.disableBot ?? false,
  });
  const [extraInfo, setExtraInfo] = useState<Extra[]>(
    contact?.extraInfo.map(({ name, value }) => ({ name, value })) ?? [],
  );
  const [tagIds, setTagIds] = useState<number[]>(contact?.tags.map((tag) => tag.id) ?? []);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const { saving, save } = useFormSave();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const raw = { ...values, extraInfo: extraInfo.filter((info) => info.name.trim()) };
    const parsed = contact ? ContactUpdateInput.safeParse(raw) : ContactInput.safeParse(raw);
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= t(`validation.${issue.message}`, { defaultValue: issue.message });
      }
      setErrors(found);
      return;
    }
    setErrors({});
    await save(async () => {
      const saved = contact
        ? await update({ ...parsed.data, id: contact.id }).unwrap()
        : await create(raw).unwrap();
      const before = (contact?.tags ?? []).map((tag) => tag.id).sort();
      if (before.join() !== [...tagIds].sort().join())
        await syncTags({ contactId: saved.id, tags: tagIds }).unwrap();
      notify.success(t('saved'));
      onSaved?.(saved);
      onClose();
    });
  };

  const text = (key: 'name' | 'number' | 'email') => (
    <TextField
      label={t(`fields.${key}`)}
      namedControl
      required={key !== 'email'}
      error={errors[key]}
      value={values[key]}
      onChange={(value) => setValues((v) => ({ ...v, [key]: value }))}
      input={{ type: key === 'email' ? 'email' : 'text' }}
    />
  );

  const setExtra = (index: number, key: keyof Extra, value: string) =>
    setExtraInfo((list) => list.map((info, i) => (i === index ? { ...info, [key]: value } : info)));

  return (
    <FormDialog
      ns="contacts"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={contact ? t('editTitle') : t('addTitle')}
      saving={saving}
      size="lg"
      testId="contact-modal"
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {text('name')}
          {text('number')}
          {text('email')}
          <Checkbox.Root
            alignSelf="end"
            checked={values.disableBot}
            onCheckedChange={(e) => setValues((v) => ({ ...v, disableBot: e.checked === true }))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('fields.disableBot')}</Checkbox.Label>
          </Checkbox.Root>
        </SimpleGrid>
        {tags.length > 0 && (
          <CheckboxGroupField
            legend={t('fields.tags')}
            options={tags.map((tag) => ({
              value: tag.id,
              label: <TagChip tag={tag} />,
            }))}
            value={tagIds}
            onChange={setTagIds}
          />
        )}
        <Stack gap="2">
          <HStack justify="space-between">
            <Text fontWeight="medium">{t('extraInfo')}</Text>
            <Button
              size="xs"
              variant="outline"
              onClick={() => setExtraInfo((list) => [...list, { name: '', value: '' }])}
            >
              <LuPlus />
              {t('addExtraInfo')}
            </Button>
          </HStack>
          {extraInfo.map((info, index) => (
            <HStack key={index}>
              <Input
                aria-label={t('fields.extraName')}
                placeholder={t('fields.extraName')}
                value={info.name}
                onChange={(e) => setExtra(index, 'name', e.target.value)}
              />
              <Input
                aria-label={t('fields.extraValue')}
                placeholder={t('fields.extraValue')}
                value={info.value}
                onChange={(e) => setExtra(index, 'value', e.target.value)}
              />
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={t('removeExtraInfo')}
                onClick={() => setExtraInfo((list) => list.filter((_, i) => i !== index))}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          ))}
        </Stack>
      </Stack>
    </FormDialog>
  );
};
