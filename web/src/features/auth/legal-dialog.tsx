import { Link } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const LegalTextDialog = lazy(() =>
  import('./legal-text-dialog.js').then((m) => ({ default: m.LegalTextDialog })),
);

type LegalKind = 'terms' | 'privacy';

const configuredUrl = (kind: LegalKind): string | undefined =>
  kind === 'terms' ? window.__SWITCHBOARD__?.termsUrl : window.__SWITCHBOARD__?.privacyUrl;

/**
 * Link to the terms of use or the privacy policy: the operator's own page when config.js names one,
 * else the product's summary in a dialog.
 */
export const LegalLink = ({ kind }: { kind: LegalKind }) => {
  const { t } = useTranslation('auth');
  const label = t(kind === 'terms' ? 'terms' : 'privacy');
  const url = configuredUrl(kind);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);
  if (url) {
    return (
      <Link href={url} target="_blank" rel="noopener noreferrer" color="fg.muted">
        {label}
      </Link>
    );
  }
  return (
    <>
      <Link
        as="button"
        ref={trigger}
        color="fg.muted"
        cursor="pointer"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label}
      </Link>
      {open && (
        <Suspense fallback={null}>
          <LegalTextDialog
            title={label}
            text={t(kind === 'terms' ? 'termsText' : 'privacyText')}
            onClose={() => setOpen(false)}
            finalFocus={() => trigger.current}
          />
        </Suspense>
      )}
    </>
  );
};
