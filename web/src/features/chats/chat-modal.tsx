import type { Chat, SessionUser } from '@sb/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../components/checkbox-group.js';
import { RecordFormDialog } from '../../components/form-dialog.js';
import { TextField } from '../../components/form-fields.js';
import { useFormSave } from '../../components/form-save.js';
import { useGetUserPickerQuery } from '../users/users.api.js';
import { useCreateChatMutation, useUpdateChatMutation } from './chats.api.js';

/**
 * Creates or edits an internal chat (spec 3 §2.13, §5): a title and the users of the company to chat
 * with. Save stays off without a title or without a user; the caller is always a member.
 */
export const ChatModal = ({
  open,
  chat,
  viewer,
  onClose,
  onSaved,
}: {
  open: boolean;
  chat: Chat | null;
  viewer: Pick<SessionUser, 'id'>;
  onClose: () => void;
  onSaved: (chat: Chat) => void;
}) => {
  const { t } = useTranslation('chats');
  const [title, setTitle] = useState('');
  const [userIds, setUserIds] = useState<number[]>([]);
  const { saving, save } = useFormSave();
  const { data: users = [] } = useGetUserPickerQuery(undefined, { skip: !open });
  const [create] = useCreateChatMutation();
  const [update] = useUpdateChatMutation();

  useEffect(() => {
    if (!open) return;
    setTitle(chat?.title ?? '');
    setUserIds(chat ? chat.users.map((m) => m.userId).filter((id) => id !== viewer.id) : []);
  }, [open, chat, viewer.id]);

  const others = users.filter((user) => user.id !== viewer.id);
  const complete = title.trim().length > 0 && userIds.length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    await save(async () => {
      const body = { title: title.trim(), users: userIds };
      const saved = chat
        ? await update({ ...body, id: chat.id }).unwrap()
        : await create(body).unwrap();
      onSaved(saved);
      onClose();
    });
  };

  return (
    <RecordFormDialog
      ns="chats"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      editing={!!chat}
      saving={saving}
      submitDisabled={!complete}
      testId="chat-form"
    >
      <TextField label={t('title')} required value={title} onChange={setTitle} />
      <CheckboxGroupField
        legend={t('users')}
        required
        options={others.map((user) => ({ value: user.id, label: user.name }))}
        value={userIds}
        onChange={setUserIds}
        empty={t('noUsers')}
        testId="chat-users"
      />
    </RecordFormDialog>
  );
};
