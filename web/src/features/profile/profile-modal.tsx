import {
  Avatar,
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Text,
  VStack,
} from '@chakra-ui/react';
import { Languages, UserEditInput, type SessionUser } from '@sb/contracts';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks.js';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import { userUpdated } from '../auth/session.slice.js';
import { mediaUrl } from '../../app/runtime-config.js';
import { useUpdateUserMutation, useUploadUserImageMutation } from '../users/users.api.js';

/** The schema shows its own messages: no native browser bubbles (Dialog.Content has no form props). */
const zodValidatedForm = { noValidate: true };

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
  const [saving, setSaving] = useState(false);
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
    setSaving(true);
    await submitDelay();
    try {
      if (file) dispatch(userUpdated((await upload({ id: user.id, file }).unwrap()).user));
      dispatch(userUpdated(await update({ ...parsed.data, id: user.id }).unwrap()));
      notify.success(t('saved'));
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSaving(false);
    }
  };

  const select = (
    key: 'defaultTheme' | 'defaultMenu' | 'language',
    options: [string, string][],
  ) => (
    <Field.Root>
      <Field.Label>{t(`fields.${key}`)}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          aria-label={t(`fields.${key}`)}
          value={values[key]}
          onChange={(e) => set(key)(e.target.value)}
        >
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            {...zodValidatedForm}
            onSubmit={(e: FormEvent) => void submit(e)}
            data-testid="profile-modal"
          >
            <Dialog.Header>
              <Dialog.Title>{t('title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
                <Field.Root invalid={!!errors.name} required>
                  <Field.Label>{t('fields.name')}</Field.Label>
                  <Input
                    aria-label={t('fields.name')}
                    value={values.name}
                    onChange={(e) => set('name')(e.target.value)}
                  />
                  <Field.ErrorText>{errors.name}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors.password}>
                  <Field.Label>{t('fields.password')}</Field.Label>
                  <Input
                    type="password"
                    autoComplete="new-password"
                    aria-label={t('fields.password')}
                    placeholder={t('passwordHint')}
                    value={values.password}
                    onChange={(e) => set('password')(e.target.value)}
                  />
                  <Field.ErrorText>{errors.password}</Field.ErrorText>
                </Field.Root>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" colorPalette="brand" loading={saving}>
                {t('save')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
