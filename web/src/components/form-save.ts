import { useState } from 'react';
import { submitDelay } from './submit-delay.js';
import { toastError } from './toaster.js';

/**
 * The saving state of a form: `save` waits the submit delay, runs the writes and reports a failure
 * (by default the error's toast); the save button spins meanwhile.
 */
export const useFormSave = ({
  delayMs,
  onFailed = toastError,
}: { delayMs?: number; onFailed?: (error: unknown) => void } = {}) => {
  const [saving, setSaving] = useState(false);
  const save = async (writes: () => Promise<void>) => {
    setSaving(true);
    try {
      await submitDelay(delayMs);
      await writes();
    } catch (error) {
      onFailed(error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
};
