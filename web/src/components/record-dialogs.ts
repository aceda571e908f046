import { useCallback, useState } from 'react';
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
 * then calls `onDeleted` (the page's toast) or `onFailed` (the error toast), and closes the question either way.
 */
export const useDeleteConfirm = <T extends { id: number }>(
  remove: (id: number) => { unwrap: () => Promise<unknown> },
  onDeleted: () => void,
  onFailed: (error: unknown) => void = toastError,
) => {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await remove(toDelete.id).unwrap();
      onDeleted();
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
