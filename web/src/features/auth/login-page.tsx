import { useContext, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff, LuLock, LuMail } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../api/error-message.js';
import { useColorMode } from '../../lib/color-mode.js';
import { EntryContext, type Notice } from '../../app/entry-context.js';
import { SubscriptionExpiredPath } from '../../app/route-table.js';
import { turnstileSiteKey } from '../../app/runtime-config.js';
import { dueDateStatus, formatDate } from './due-date.js';
import { LegalLink } from './legal-dialog.js';
import { requestLogin } from './login-request.js';
import { PublicLayout } from './public-layout.js';
import { startSession } from './start-session.js';
import { Turnstile } from './turnstile.js';

type FieldErrors = { email?: string; password?: string; botCheck?: string };

const Field = ({
  id,
  label,
  error,
  aside,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  aside?: ReactNode;
  children: ReactNode;
}) => (
  <div className="sb-field">
    <div className="sb-field-head">
      <label className="sb-label" htmlFor={id}>
        {label}
        <span className="sb-required" aria-hidden>
          *
        </span>
      </label>
      {aside}
    </div>
    {children}
    {error && (
      <div className="sb-error-text" id={`${id}-error`}>
        {error}
      </div>
    )}
  </div>
);

/**
 * Login (spec 1 §2): email, password, the bot check when configured; links to the other public pages.
 * The first page most visitors load, so plain React and CSS (issue 14); a success loads the app.
 */
export const LoginPage = () => {
  const { t, i18n } = useTranslation('auth');
  const entry = useContext(EntryContext);
  const { theme } = useColorMode();
  const siteKey = turnstileSiteKey();
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [botToken, setBotToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = {};
    if (!email.trim()) found.email = t('emailRequired');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = t('emailInvalid');
    if (!password) found.password = t('passwordRequired');
    if (siteKey && !botToken) found.botCheck = t('botCheckRequired');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await requestLogin({
        email: email.trim(),
        password,
        ...(siteKey && botToken ? { 'cf-turnstile-response': botToken } : {}),
      });
      await startSession(result);
      // the app's public-page guard takes the new session to its landing page
      const due = dueDateStatus(result.user.company);
      const notices: Notice[] = [];
      let landing = '/tickets';
      if (due.kind === 'expired') {
        landing = SubscriptionExpiredPath;
        notices.push({
          kind: 'error',
          text: t('subscriptionExpired', { date: formatDate(result.user.company.dueDate) }),
        });
      } else if (due.warn) {
        notices.push({ kind: 'warning', text: t('subscriptionEndsSoon', { count: due.daysLeft }) });
      }
      entry?.enterApp({ result, landing, notices });
    } catch (error) {
      setFailure(errorMessage(error, i18n.t));
      setBusy(false);
    }
  };

  const describedBy = (field: keyof FieldErrors, id: string) =>
    errors[field] ? `${id}-error` : undefined;
  const emailId = `${ids}-email`;
  const passwordId = `${ids}-password`;

  return (
    <PublicLayout>
      <div className="sb-card">
        <div className="sb-card-head">
          <h1>{t('loginTitle')}</h1>
          <p className="sb-muted">{t('loginSubtitle')}</p>
        </div>
        <form className="sb-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <Field id={emailId} label={t('email')} error={errors.email}>
            <div className="sb-input-group">
              <LuMail className="sb-input-icon" aria-hidden />
              <input
                id={emailId}
                className="sb-input"
                name="email"
                type="email"
                autoComplete="username"
                autoFocus
                required
                aria-invalid={!!errors.email}
                aria-describedby={describedBy('email', emailId)}
                value={email}
                placeholder={t('emailPlaceholder')}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
          </Field>
          <Field
            id={passwordId}
            label={t('password')}
            error={errors.password}
            aside={
              <RouterLink className="sb-link sb-small" to="/recovery-password">
                {t('forgotPassword')}
              </RouterLink>
            }
          >
            <div className="sb-input-group">
              <LuLock className="sb-input-icon" aria-hidden />
              <input
                id={passwordId}
                className="sb-input"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                required
                aria-invalid={!!errors.password}
                aria-describedby={describedBy('password', passwordId)}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <button
                type="button"
                className="sb-icon-button sb-input-end"
                aria-label={showPassword ? t('hidePassword') : t('showPassword')}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                {showPassword ? <LuEyeOff /> : <LuEye />}
              </button>
            </div>
          </Field>
          {siteKey && (
            <div>
              <Turnstile
                siteKey={siteKey}
                language={i18n.language}
                theme={theme}
                onToken={setBotToken}
              />
              {errors.botCheck && (
                <div className="sb-alert" role="alert">
                  {errors.botCheck}
                </div>
              )}
            </div>
          )}
          {failure && (
            <div className="sb-alert sb-alert-error" role="alert">
              {failure}
            </div>
          )}
          <button type="submit" className="sb-button" aria-busy={busy}>
            {busy && <span className="sb-spinner" aria-hidden />}
            {t('submit')}
          </button>
        </form>
        <p className="sb-center sb-muted sb-small" style={{ marginTop: '1.5rem' }}>
          {t('noAccount')}{' '}
          <RouterLink className="sb-link" to="/signup" style={{ fontWeight: 600 }}>
            {t('signUp')}
          </RouterLink>
        </p>
        <hr className="sb-separator" />
        <div className="sb-legal">
          <LegalLink kind="terms" />
          <span aria-hidden>·</span>
          <LegalLink kind="privacy" />
        </div>
      </div>
    </PublicLayout>
  );
};
