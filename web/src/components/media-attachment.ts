import { useCallback, useState } from 'react';

type Unwrappable = { unwrap: () => Promise<unknown> };

/**
 * The one optional file of a record being edited: a newly chosen file, or the stored one dropped.
 * `fileName` is what the field shows; `sync` runs after the record is saved.
 */
export const useMediaAttachment = (storedName: string | null | undefined) => {
  const [file, setFile] = useState<File | null>(null);
  const [dropped, setDropped] = useState(false);
  const choose = (chosen: File) => {
    setFile(chosen);
    setDropped(false);
  };
  const remove = () => {
    setFile(null);
    setDropped(true);
  };
  const reset = useCallback(() => {
    setFile(null);
    setDropped(false);
  }, []);
  /** Uploads the new file, or deletes the stored one the user removed. */
  const sync = async (
    saved: { id: number; mediaPath?: string | null },
    upload: (args: { id: number; file: File }) => Unwrappable,
    removeStored: (id: number) => Unwrappable,
  ) => {
    if (file) await upload({ id: saved.id, file }).unwrap();
    else if (dropped && saved.mediaPath) await removeStored(saved.id).unwrap();
  };
  return { fileName: file?.name ?? (dropped ? null : storedName), choose, remove, reset, sync };
};
