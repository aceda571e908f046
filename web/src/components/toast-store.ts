import { createToaster } from '@chakra-ui/react';

/** Toasts close after 3 s, error toasts after 2 s (spec 1 §8, §9). */
export const ToastDurations = { default: 3000, error: 2000 } as const;

/** The app's one toast store: toaster.tsx creates toasts in it, toast-list.tsx draws them. */
export const toaster = createToaster({
  placement: 'top-end',
  duration: ToastDurations.default,
  pauseOnPageIdle: true,
  max: 4,
});
