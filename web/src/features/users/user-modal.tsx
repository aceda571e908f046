import { Field, SimpleGrid, Textarea } from '@chakra-ui/react';
import {
  hasPermission,
  Languages,
  UserCreateInput,
  UserEditInput,
  type SessionUser,
  type UserRecord,
} from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.js';
import { SelectField, TextField } from '../../components/form-fields.js';
import { useFormSave } from '../../components/form-save.js';
import { notify } from '../../components/toaster.js';
import { fieldErrors } from '../../components/field-errors.js';
import { useCreateUserMutation, useUpdateUserMutation } from './users.api.js';
import { UserQueuesField } from '../queues/user-queues-field.js';
import { UserConnectionField } from '../connections/user-connection-field.js';

type Values = Record<
  | 'name'
  | 'email'
  | 'password'
  | 'profile'
  | 'allTicket'
  | 'allowGroup'
  | 'defaultTheme'
  | 'defaultMenu'
  | 'startWork'
  | 'endWork'
  | 'farewellMessage'
  | 'wpp'
  | 'language',
  string
>;

const initialValues = (user?: UserRecord): Values => ({
  name: user?.name ?? '',
  email: user?.email ?? '',
  password: '',
  profile: user?.profile === 'admin' ? 'admin' : 'user',
  allTicket: user?.allTicket ?? 'disable',
  allowGroup: String(user?.allowGroup ?? false),
  defaultTheme: user?.defaultTheme ?? 'light',
  defaultMenu: user?.defaultMenu ?? 'open',
  startWork: user?.startWork ?? '00:00',
  endWork: user?.endWork ?? '23:59',
  farewellMessage: user?.farewellMessage ?? '',
  wpp: user?.wpp ?? '',
  language: user?.language ?? '',
});

/** The step of the working-hours inputs: 10 minutes, in seconds as <input type="time"> counts. */
const WorkHoursStepSeconds = 600;

/**
 * Add or edit a user (spec 2 §5). Profile, working hours, allTicket and allowGroup show only to roles with
 * user-modal:editProfile; the API refuses them for everyone else anyway.
 */

export const UserModal = ({
  user,
  viewer,
  open,
  onClose,
}: {
  user?: UserRecord;
  viewer: SessionUser;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('users');
  const [create] = useCreateUserMutation();
  const [update] = useUpdateUserMutation();
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const { saving, save } = useFormSave();
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const mayEditProfile = viewer.super || hasPermission(viewer, 'user-modal:editProfile');
  // queues (spec 2 §5: only roles allowed to edit queues see the selection)
  const mayEditQueues = viewer.super || hasPermission(viewer, 'user-modal:editQueues');
  const [queueIds, setQueueIds] = useState<number[]>(() => user?.queueIds ?? []);
  // default connection (admins only, like the profile fields)
  const [whatsappId, setWhatsappId] = useState<number | null>(() => user?.whatsappId ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const raw: Record<string, unknown> = {
      name: values.name,
      email: values.email,
      password: values.password,
      defaultTheme: values.defaultTheme,
      defaultMenu: values.defaultMenu,
      farewellMessage: values.farewellMessage || null,
      language: values.language || null,
      ...(mayEditQueues ? { queueIds } : {}),
      ...(mayEditProfile ? { whatsappId } : {}),
      ...(mayEditProfile
        ? {
            profile: values.profile,
            allTicket: values.allTicket,
            allowGroup: values.allowGroup === 'true',
            startWork: values.startWork,
            endWork: values.endWork,
            wpp: values.wpp,
          }
        : {}),
    };
    const parsed = user ? UserEditInput.safeParse(raw) : UserCreateInput.safeParse(raw);
    if (!parsed.success) {
      setErrors(
        fieldErrors<keyof Values>(
          parsed.error.issues,
          raw,
          t('required'),
          (issue) => issue.message,
        ),
      );
      return;
    }
    setErrors({});
    await save(async () => {
      if (user) await update({ ...(parsed.data as UserEditInput), id: user.id }).unwrap();
      else await create(parsed.data as UserCreateInput).unwrap();
      notify.success(t('saved'));
      onClose();
    });
  };

  const text = (key: keyof Values, type = 'text') => (
    <TextField
      label={t(`fields.${key}`)}
      namedControl
      required={key === 'name' || key === 'email' || (!user && key === 'password')}
      error={errors[key]}
      value={values[key]}
      onChange={set(key)}
      // working hours move in 10-minute steps (spec 1 §9, spec 2 §9)
      input={type === 'time' ? { type, step: WorkHoursStepSeconds } : { type }}
    />
  );

  const select = (key: keyof Values, options: [string, string][]) => (
    <SelectField
      required
      namedControl
      label={t(`fields.${key}`)}
      value={values[key]}
      onChange={set(key)}
      options={options}
    />
  );
  /** a setting's two choices, labelled enabled and disabled */
  const onOff = (on: string, off: string): [string, string][] => [
    [on, t('enabled')],
    [off, t('disabled')],
  ];

  return (
    <FormDialog
      ns="users"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={user ? t('editTitle') : t('addTitle')}
      saving={saving}
      submitLabel={user ? t('save') : t('add')}
      size="lg"
      testId="user-modal"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name')}
        {text('email', 'email')}
        {text('password', 'password')}
        {mayEditProfile &&
          select('profile', [
            ['admin', t('profiles.admin')],
            ['user', t('profiles.user')],
          ])}
        {mayEditProfile && text('wpp')}
        {mayEditProfile && text('startWork', 'time')}
        {mayEditProfile && text('endWork', 'time')}
        {mayEditProfile && select('allTicket', onOff('enable', 'disable'))}
        {mayEditProfile && select('allowGroup', onOff('true', 'false'))}
        {select('defaultTheme', [
          ['light', t('themes.light')],
          ['dark', t('themes.dark')],
        ])}
        {select('defaultMenu', [
          ['open', t('menus.open')],
          ['closed', t('menus.closed')],
        ])}
        {select('language', [
          ['', t('languageDefault')],
          ...Languages.map((l): [string, string] => [l, l]),
        ])}
      </SimpleGrid>
      <Field.Root mt="3">
        <Field.Label>{t('fields.farewellMessage')}</Field.Label>
        <Textarea
          aria-label={t('fields.farewellMessage')}
          value={values.farewellMessage}
          onChange={(e) => set('farewellMessage')(e.target.value)}
        />
      </Field.Root>
      {mayEditQueues && <UserQueuesField value={queueIds} onChange={setQueueIds} />}
      {mayEditProfile && <UserConnectionField value={whatsappId} onChange={setWhatsappId} />}
    </FormDialog>
  );
};
