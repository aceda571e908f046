import { Avatar, Button, SimpleGrid, Text, VStack } from '@chakra-ui/react';
import { Languages, UserEditInput, type SessionUser } from '@sb/contracts';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.js';
import { SelectField, TextField } from '../../components/form-fields.js';
import { useFormSave } from '../../components/form-save.js';
import { useAppDispatch } from '../../app/hooks.js';
import { notify } from '../../components/toaster.js';
import { userUpdated } from '../auth/session.slice.js';
import { mediaUrl } from '../../app/runtime-config.js';
import { useUpdateUserMutation, useUploadUserImageMutation } from '../users/users.api.js';

/** The picture types the gateway accepts, up to 5 MB. */
export const ProfileImageTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const MaxProfileImageBytes = 5 * 1024 * 1024;

type Values = {
  name: string;
  password: string;
  defaultTheme: string;
  defaultMenu: string;
  language: string;
};

/** The logged-in user's own profile: name, password, theme, menu, language and picture. */
export const ProfileModal = ({
  user,
  open,
  onClose,
}: {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const [update] = useUpdateUserMutation();
  const [upload] = useUploadUserImageMutation();
  const [values, setValues] = useState<Values>({
    name: user.name,
    password: '',
    defaultTheme: user.defaultTheme,
    defaultMenu: user.defaultMenu,
    language: user.language ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'picture', string>>>({});
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | undefined>(undefined);
  const { saving, save } = useFormSave();
  const input = useRef<HTMLInputElement>(null);
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (!ProfileImageTypes.includes(chosen.type)) {
      setErrors((e) => ({ ...e, picture: t('onlyImages') }));
      return;
    }
    if (chosen.size > MaxProfileImageBytes) {
      setErrors((e) => ({ ...e, picture: t('tooLarge') }));
      return;
    }
    setErrors((e) => ({ ...e, picture: undefined }));
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const raw = { ...values, language: values.language || null };
    const parsed = UserEditInput.safeParse(raw);
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= raw[key] === '' ? t('required') : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    await save(async () => {
      if (file) dispatch(userUpdated((await upload({ id: user.id, file }).unwrap()).user));
      dispatch(userUpdated(await update({ ...parsed.data, id: user.id }).unwrap()));
      notify.success(t('saved'));
      onClose();
    });
  };

  const select = (
    key: 'defaultTheme' | 'defaultMenu' | 'language',
    options: [string, string][],
  ) => (
    <SelectField
      label={t(`fields.${key}`)}
      namedControl
      value={values[key]}
      onChange={set(key)}
      options={options}
    />
  );

  return (
    <FormDialog
      ns="profile"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={t('title')}
      saving={saving}
      testId="profile-modal"
    >
      <VStack gap="2" mb="4">
        <Avatar.Root size="2xl" colorPalette="brand">
          <Avatar.Fallback name={values.name || user.name} />
          <Avatar.Image
            src={preview ?? mediaUrl(user.profileImage)}
            data-testid="profile-preview"
          />
        </Avatar.Root>
        <input
          ref={input}
          type="file"
          accept={ProfileImageTypes.join(',')}
          hidden
          aria-label={t('picture')}
          onChange={choose}
        />
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          {t('choosePicture')}
        </Button>
        {errors.picture && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {errors.picture}
          </Text>
        )}
      </VStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField
          label={t('fields.name')}
          namedControl
          required
          error={errors.name}
          value={values.name}
          onChange={set('name')}
        />
        <TextField
          label={t('fields.password')}
          namedControl
          error={errors.password}
          value={values.password}
          onChange={set('password')}
          input={{
            type: 'password',
            autoComplete: 'new-password',
            placeholder: t('passwordHint'),
          }}
        />
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
          ...Languages.map((l): [string, string] => [l, t(`languages.${l}`)]),
        ])}
      </SimpleGrid>
    </FormDialog>
  );
};
