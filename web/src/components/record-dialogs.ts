import { useCallback, useEffect, useState } from 'react';
import { useFormSave } from './form-save.js';
import { toastError } from './toaster.js';

/** Which record a list page's add/edit dialog shows: `null` while adding. The openers are stable. */
export const useRecordForm = <T>() => {
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const openEdit = useCallback((record: T | null) => {
    setEditing(record);
    setFormOpen(true);
  }, []);
  const openNew = useCallback(() => openEdit(null), [openEdit]);
  const close = useCallback(() => setFormOpen(false), []);
  return { editing, formOpen, openNew, openEdit, close };
};

/**
 * The record a list page asks to delete. `dialog` feeds the ConfirmDialog: confirming deletes the record,
 * then calls `onDeleted` with the answer (the page's toast) or `onFailed` (the error toast), and closes the question either way.
 */
export const useDeleteConfirm = <T extends { id: number }, R = unknown>(
  remove: (id: number) => { unwrap: () => Promise<R> },
  /** with the server's answer (an erase tells how far it got) */
  onDeleted: (reply: R) => void,
  onFailed: (error: unknown) => void = toastError,
) => {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      onDeleted(await remove(toDelete.id).unwrap());
    } catch (error) {
      onFailed(error);
    } finally {
      setBusy(false);
    }
    setToDelete(null);
  };
  const dialog = {
    open: toDelete !== null,
    busy,
    onConfirm: () => void confirm(),
    onClose: () => setToDelete(null),
  };
  return { toDelete, ask: setToDelete, dialog };
};

/**
 * The state of a record's add/edit dialog: the draft (from `draftOf`, the record or `null` while
 * adding) and its field errors, both set anew each time the dialog opens or gets another record, and the
 * save (`useFormSave`). `dialog` feeds RecordFormDialog its open, close, editing and saving. `draftOf`
 * must be stable (a module function, or `useCallback` when it reads more than the record).
 */
export const useRecordDraft = <R, D, E>(
  { open, record, onClose }: { open: boolean; record: R | null; onClose: () => void },
  draftOf: (record: R | null) => D,
  noErrors: E,
) => {
  const [draft, setDraft] = useState<D>(() => draftOf(record));
  const [cleared] = useState(noErrors);
  const [errors, setErrors] = useState<E>(cleared);
  const { saving, save } = useFormSave();
  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(record));
    setErrors(cleared);
  }, [open, record, draftOf, cleared]);
  const dialog = { open, onClose, editing: !!record, saving };
  return { draft, setDraft, errors, setErrors, saving, save, dialog };
};
