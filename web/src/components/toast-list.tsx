import { Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { toaster } from './toast-store.js';

/** The toasts of `toaster` (loaded with the first one: toaster.tsx). */
export const ToastList = () => (
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
          {toast.action && (
            <Toast.ActionTrigger data-testid="toast-action">
              {toast.action.label}
            </Toast.ActionTrigger>
          )}
          <Toast.CloseTrigger />
        </Toast.Root>
      )}
    </Toaster>
  </Portal>
);
