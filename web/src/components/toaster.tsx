import { Toaster, Toast, Portal, Stack, createToaster, Spinner } from '@chakra-ui/react';
import i18next from 'i18next';
import { errorMessage } from '../api/error-message.js';

/** Toasts close after 3 s, error toasts after 2 s (spec 1 §8, §9). */
export const ToastDurations = { default: 3000, error: 2000 } as const;

export const toaster = createToaster({
  placement: 'top-end',
  duration: ToastDurations.default,
  pauseOnPageIdle: true,
  max: 4,
});

type ToastOptions = { id?: string; description?: string };

export const notify = {
  success: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'success', title, ...options }),
  info: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'info', title, ...options }),
  warning: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'warning', title, ...options }),
  error: (title: string, options: ToastOptions = {}) =>
    toaster.create({ type: 'error', title, duration: ToastDurations.error, ...options }),
};

/** The shared error handler: every failed mutation ends here. */
export const toastError = (error: unknown): void => {
  notify.error(errorMessage(error, i18next.t));
};

export const AppToaster = () => (
  <Portal>
    <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }} data-testid={`toast-${toast.type}`}>
          {toast.type === 'loading' ? (
            <Spinner size="sm" color="brand.solid" />
          ) : (
            <Toast.Indicator />
          )}
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
          </Stack>
          <Toast.CloseTrigger />
        </Toast.Root>
      )}
    </Toaster>
  </Portal>
);
