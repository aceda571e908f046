import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type LegalKind = 'terms' | 'privacy';

const configuredUrl = (kind: LegalKind): string | undefined =>
  kind === 'terms' ? window.__SWITCHBOARD__?.termsUrl : window.__SWITCHBOARD__?.privacyUrl;

/** The product's summary in a native modal dialog (focus trap, Escape and backdrop from the browser). */
const LegalTextDialog = ({
  title,
  text,
  onClose,
}: {
  title: string;
  text: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation('auth');
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    // jsdom has no showModal: there the dialog is simply open
    if (element && typeof element.showModal === 'function' && !element.open) element.showModal();
    else element?.setAttribute('open', '');
  }, []);
  return (
    <dialog
      ref={dialog}
      className="sb-dialog"
      aria-labelledby="sb-legal-title"
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && onClose()}
    >
      <h2 id="sb-legal-title">{title}</h2>
      <p>{text}</p>
      <div className="sb-dialog-foot">
        <button type="button" className="sb-button" onClick={onClose} autoFocus>
          {t('close')}
        </button>
      </div>
    </dialog>
  );
};

/**
 * Link to the terms of use or the privacy policy: the operator's own page when config.js names one,
 * else the product's summary in a dialog.
 */
export const LegalLink = ({ kind }: { kind: LegalKind }) => {
  const { t } = useTranslation('auth');
  const label = t(kind === 'terms' ? 'terms' : 'privacy');
  const url = configuredUrl(kind);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (url) {
    return (
      <a className="sb-link-button" href={url} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="sb-link-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      {open && (
        <LegalTextDialog
          title={label}
          text={t(kind === 'terms' ? 'termsText' : 'privacyText')}
          onClose={() => {
            setOpen(false);
            trigger.current?.focus();
          }}
        />
      )}
    </>
  );
};
