import {
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Field,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  CampaignInput,
  CampaignMessages,
  canEditCampaign,
  type CampaignForm,
  type CampaignRecord,
} from '@sb/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPaperclip, LuTrash2 } from 'react-icons/lu';
import { TextField } from '../../components/form-fields.js';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import { useListConnectionRecordsQuery } from '../connections/connections.api.js';
import { useGetCampaignSettingsQuery } from '../contact-lists/contact-lists.api.js';
import { fieldErrorsOf } from '../contact-lists/list-sheet.js';
import {
  useContactListChoicesQuery,
  useDeleteCampaignMediaMutation,
  useSaveCampaignMutation,
  useUploadCampaignMediaMutation,
} from './campaigns.api.js';
import { CampaignTemplatePicker, type TemplateChoice } from './campaign-template-picker.js';
import { useListTagsQuery } from '../tags/tags.api.js';
import { VariableMenu } from './variable-menu.js';

const Variants = [1, 2, 3, 4, 5] as const;
type TextKey = `message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`;
type Values = Record<TextKey, string> & {
  name: string;
  confirmation: boolean;
  scheduledAt: string;
  /** who it goes to: a contact list or the contacts of a tag (spec 3 §2.2) */
  audience: 'list' | 'tag';
  contactListId: string;
  tagListId: string;
  whatsappIds: number[];
  template: TemplateChoice;
};

/** `YYYY-MM-DDTHH:mm` in the browser's time zone (what a datetime-local input holds). */
const localInput = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const valuesOf = (campaign: CampaignRecord | null): Values => {
  const texts = {} as Record<TextKey, string>;
  for (const n of Variants) {
    texts[`message${n}`] = campaign?.[`message${n}`] ?? '';
    texts[`confirmationMessage${n}`] = campaign?.[`confirmationMessage${n}`] ?? '';
  }
  return {
    ...texts,
    name: campaign?.name ?? '',
    confirmation: campaign?.confirmation ?? false,
    scheduledAt: localInput(campaign?.scheduledAt ?? null),
    audience: campaign?.tagListId && !campaign.contactListId ? 'tag' : 'list',
    contactListId: campaign?.contactListId ? String(campaign.contactListId) : '',
    tagListId: campaign?.tagListId ? String(campaign.tagListId) : '',
    whatsappIds: campaign?.whatsappId ? campaign.whatsappId.split(',').map(Number) : [],
    template: {
      name: campaign?.templateName ?? '',
      language: campaign?.templateLanguage ?? '',
      parameters: campaign?.templateParameters ?? [],
    },
  };
};

/**
 * The campaign dialog (spec 3 §2.2): name, five message variants, an optional confirmation with five
 * variants, connections, the contact list or tag, the scheduled time, an attachment and the variable picker;
 * with a Cloud API connection, a message template and its parameters (issue 17). Read-only when the
 * campaign can no longer be changed (spec 3 §4).
 */
export const CampaignDialog = ({
  open,
  campaign,
  onClose,
}: {
  open: boolean;
  campaign: CampaignRecord | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('campaigns');
  const [values, setValues] = useState<Values>(() => valuesOf(campaign));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState<{ group: 'message' | 'confirmationMessage'; n: number }>({
    group: 'message',
    n: 1,
  });
  const [file, setFile] = useState<File | null>(null);
  const connections = useListConnectionRecordsQuery(undefined, { skip: !open }).data ?? [];
  const lists = useContactListChoicesQuery(undefined, { skip: !open }).data ?? [];
  const tags =
    useListTagsQuery({ kanban: 0 }, { skip: !open || values.audience !== 'tag' }).data ?? [];
  const variables = useGetCampaignSettingsQuery(undefined, { skip: !open }).data?.variables ?? [];
  const [save] = useSaveCampaignMutation();
  const [upload] = useUploadCampaignMediaMutation();
  const [removeMedia, removing] = useDeleteCampaignMediaMutation();
  // a template goes on Cloud API connections only: offered when one of them is chosen
  const cloudIds = values.whatsappIds.filter(
    (id) => connections.find((c) => c.id === id)?.channel === 'whatsappapi',
  );
  const readOnly =
    campaign !== null &&
    !canEditCampaign(
      campaign.status,
      campaign.scheduledAt ? new Date(campaign.scheduledAt) : null,
      new Date(),
    );

  useEffect(() => {
    if (!open) return;
    setValues(valuesOf(campaign));
    setErrors({});
    setFile(null);
    setTab({ group: 'message', n: 1 });
    // reset when the dialog opens (not when the parent re-renders)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the record is read at opening only
  }, [open]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const insert = (key: string) => {
    const field: TextKey = `${tab.group}${tab.n as 1}`;
    set(field, `${values[field]}{${key}}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { whatsappIds, audience, contactListId, tagListId, scheduledAt, template, ...rest } =
      values;
    const withTemplate = cloudIds.length > 0 && template.name !== '';
    const form: CampaignForm = {
      ...rest,
      templateName: withTemplate ? template.name : '',
      templateLanguage: withTemplate ? template.language : null,
      templateParameters: withTemplate ? template.parameters : [],
      whatsappId: whatsappIds,
      contactListId: audience === 'list' && contactListId ? Number(contactListId) : null,
      tagListId: audience === 'tag' && tagListId ? Number(tagListId) : null,
      scheduledAt: scheduledAt ? new Date(scheduledAt).toISOString() : null,
    };
    const parsed = CampaignInput.safeParse(form);
    if (!parsed.success) {
      const failing: Record<string, string> = {};
      for (const issue of parsed.error.issues) failing[String(issue.path[0])] ??= issue.message;
      setErrors(failing);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await submitDelay();
      const saved = await save(campaign ? { id: campaign.id, ...form } : form).unwrap();
      if (file) await upload({ id: saved.id, file }).unwrap();
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      const failing = fieldErrorsOf(error);
      if (Object.keys(failing).length > 0) setErrors(failing);
      else toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const error = (field: string) =>
    errors[field] ? t(`messages.${messageKeyOf(errors[field])}`) : '';
  const variantTabs = (group: 'message' | 'confirmationMessage') => (
    <Tabs.Root
      size="sm"
      variant="line"
      value={`${group}${tab.group === group ? tab.n : 1}`}
      onValueChange={(d) => setTab({ group, n: Number(d.value.slice(-1)) })}
    >
      <Tabs.List>
        {Variants.map((n) => (
          <Tabs.Trigger key={n} value={`${group}${n}`}>
            {t('variant', { n })}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {Variants.map((n) => (
        <Tabs.Content key={n} value={`${group}${n}`} pt="2">
          <Textarea
            name={`${group}${n}`}
            aria-label={t(group === 'message' ? 'messageN' : 'confirmationN', { n })}
            rows={4}
            disabled={readOnly}
            value={values[`${group}${n}`]}
            onFocus={() => setTab({ group, n })}
            onChange={(e) => set(`${group}${n}`, e.target.value)}
          />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );

  /** the contact list or the tag the campaign goes to (either one's error is the list's) */
  const audienceSelect = (
    name: 'contactListId' | 'tagListId',
    label: string,
    choose: string,
    options: { id: number; text: string }[],
  ) => (
    <Field.Root invalid={!!errors.contactListId}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root disabled={readOnly}>
        <NativeSelect.Field
          name={name}
          value={values[name]}
          onChange={(e) => set(name, e.currentTarget.value)}
        >
          <option value="">{choose}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText>{error('contactListId')}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root
      open={open}
      size="lg"
      onOpenChange={(d) => !d.open && onClose()}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{campaign ? t('edit') : t('add')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {readOnly && <Text color="fg.muted">{t('readOnly')}</Text>}
                  <TextField
                    label={t('name')}
                    error={error('name')}
                    name="name"
                    input={{ disabled: readOnly }}
                    value={values.name}
                    onChange={(name) => set('name', name)}
                  />
                  {/* a fieldset, so each checkbox is named by its connection, not the group */}
                  <Fieldset.Root invalid={!!errors.whatsappId}>
                    <Fieldset.Legend>{t('connections')}</Fieldset.Legend>
                    <HStack wrap="wrap" gap="4">
                      {connections.map((connection) => (
                        <Checkbox.Root
                          key={connection.id}
                          disabled={readOnly}
                          checked={values.whatsappIds.includes(connection.id)}
                          onCheckedChange={(d) =>
                            setValues((current) => ({
                              ...current,
                              whatsappIds: d.checked
                                ? [
                                    ...current.whatsappIds.filter((id) => id !== connection.id),
                                    connection.id,
                                  ]
                                : current.whatsappIds.filter((id) => id !== connection.id),
                            }))
                          }
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{connection.name}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </HStack>
                    <Fieldset.ErrorText>{error('whatsappId')}</Fieldset.ErrorText>
                  </Fieldset.Root>
                  <Stack direction={{ base: 'column', md: 'row' }} align="start" gap="3">
                    <Field.Root>
                      <Field.Label>{t('audience')}</Field.Label>
                      <NativeSelect.Root disabled={readOnly}>
                        <NativeSelect.Field
                          name="audience"
                          value={values.audience}
                          onChange={(e) =>
                            set('audience', e.currentTarget.value === 'tag' ? 'tag' : 'list')
                          }
                        >
                          <option value="list">{t('audienceList')}</option>
                          <option value="tag">{t('audienceTag')}</option>
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                    {values.audience === 'list'
                      ? audienceSelect(
                          'contactListId',
                          t('contactList'),
                          t('chooseList'),
                          lists.map((list) => ({
                            id: list.id,
                            text: t('listOption', { name: list.name, count: list.contactsCount }),
                          })),
                        )
                      : audienceSelect(
                          'tagListId',
                          t('tag'),
                          t('chooseTag'),
                          tags.map((tag) => ({
                            id: tag.id,
                            text: t('tagOption', { name: tag.name, count: tag.contactsCount }),
                          })),
                        )}
                    <TextField
                      label={t('scheduledAt')}
                      error={error('scheduledAt')}
                      name="scheduledAt"
                      input={{ type: 'datetime-local', disabled: readOnly }}
                      value={values.scheduledAt}
                      onChange={(at) => set('scheduledAt', at)}
                    />
                  </Stack>
                  {cloudIds.length > 0 && (
                    <CampaignTemplatePicker
                      connectionId={cloudIds[0]!}
                      value={values.template}
                      onChange={(template) => set('template', template)}
                      readOnly={readOnly}
                      variables={variables.map((v) => v.key)}
                      error={error}
                    />
                  )}
                  <HStack justify="space-between">
                    <Text fontWeight="medium">{t('variantsTitle')}</Text>
                    <VariableMenu
                      variables={variables.map((v) => v.key)}
                      disabled={readOnly}
                      onPick={insert}
                    />
                  </HStack>
                  {variantTabs('message')}
                  <Text color="red.fg" fontSize="sm">
                    {error('message1')}
                  </Text>
                  <Checkbox.Root
                    disabled={readOnly}
                    checked={values.confirmation}
                    onCheckedChange={(d) => set('confirmation', d.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('confirmation')}</Checkbox.Label>
                  </Checkbox.Root>
                  {values.confirmation && variantTabs('confirmationMessage')}
                  <Text color="red.fg" fontSize="sm">
                    {error('confirmationMessage1')}
                  </Text>
                  <HStack>
                    {campaign?.mediaName ? (
                      <>
                        <LuPaperclip />
                        <Text>{campaign.mediaName}</Text>
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={t('removeMedia')}
                          disabled={readOnly}
                          loading={removing.isLoading}
                          onClick={() => void removeMedia(campaign.id).unwrap().catch(toastError)}
                        >
                          <LuTrash2 />
                        </Button>
                      </>
                    ) : (
                      <Field.Root>
                        <Field.Label>{t('media')}</Field.Label>
                        <Input
                          type="file"
                          name="media"
                          disabled={readOnly}
                          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                        />
                      </Field.Root>
                    )}
                  </HStack>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('cancel')}
                </Button>
                <Button type="submit" loading={saving} disabled={readOnly}>
                  {t('save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};

/** The translation key of a contract form message (spec 3 §5 and the template's): its name. */
const messageKeyOf = (message: string | undefined): keyof typeof CampaignMessages | 'invalid' =>
  (Object.keys(CampaignMessages) as (keyof typeof CampaignMessages)[]).find(
    (key) => CampaignMessages[key] === message,
  ) ?? 'invalid';
