import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { ResetRedirectDelayMs, ResetRequestInput } from '@sb/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/error-message.js';
import { TextField } from '../../components/form-fields.js';
import { notify } from '../../components/toaster.js';
import {
  useRequestResetCodeMutation,
  useUpdatePasswordMutation,
  useVerifyResetCodeMutation,
} from './password-reset.api.js';
import { PublicCard } from '../../components/public-card.js';

type Step = 'phone' | 'code' | 'password';
type Notice = { status: 'info' | 'error' | 'warning'; text: string };

const errorCodeOf = (error: unknown): string | undefined => {
  const data = error && typeof error === 'object' && 'data' in error ? error.data : undefined;
  return data && typeof data === 'object' && 'error' in data && typeof data.error === 'string'
    ? data.error
    : undefined;
};

/**
 * Password recovery (spec 3 §2.19, §4): number → code sent → code → new password → login. After 3
 * wrong codes the page says so and goes back to /login after 3 s.
 */
export const RecoveryPasswordPage = () => {
  const { t, i18n } = useTranslation('passwordReset');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('phone');
  const [wpp, setWpp] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [requestId, setRequestId] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const [requestCode, requested] = useRequestResetCodeMutation();
  const [verifyCode, verifying] = useVerifyResetCodeMutation();
  const [updatePassword, updating] = useUpdatePasswordMutation();

  useEffect(() => {
    if (!redirecting) return;
    const timer = setTimeout(() => void navigate('/login'), ResetRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [redirecting, navigate]);

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!ResetRequestInput.safeParse({ wpp }).success) return setFieldError(t('invalidPhone'));
    setFieldError(null);
    try {
      const reply = await requestCode({ wpp }).unwrap();
      setRequestId(reply.requestId);
      setCode('');
      setNotice({ status: 'info', text: t('codeSent') });
      setStep('code');
    } catch (error) {
      notify.error(t('sendFailed'), { description: errorMessage(error, i18n.t) });
    }
  };

  const checkCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setFieldError(t('codeFormat'));
    setFieldError(null);
    try {
      const reply = await verifyCode({ requestId, code: code.trim() }).unwrap();
      setResetToken(reply.resetToken);
      setNotice(null);
      setStep('password');
    } catch (error) {
      const reason = errorCodeOf(error);
      if (reason === 'ERR_RESET_ATTEMPTS_EXCEEDED') {
        setNotice({ status: 'warning', text: t('attemptsExceeded') });
        setRedirecting(true);
      } else {
        const text = reason === 'ERR_INVALID_RESET_CODE' ? t('wrongCode') : t('verifyFailed');
        setNotice({ status: 'error', text });
      }
    }
  };

  const savePassword = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 5 || password.length > 50) return setFieldError(t('passwordLength'));
    if (password !== confirm) return setFieldError(t('passwordsDiffer'));
    setFieldError(null);
    try {
      await updatePassword({ resetToken, newPassword: password }).unwrap();
    } catch (error) {
      setNotice({
        status: 'error',
        text: errorCodeOf(error) === 'ERR_INVALID_RESET_CODE' ? t('invalidCode') : t('saveFailed'),
      });
      return;
    }
    notify.success(t('saved'));
    void navigate('/login');
  };

  const restart = () => {
    setStep('phone');
    setNotice(null);
    setFieldError(null);
  };

  return (
    <PublicCard title={t('title')} subtitle={t('subtitle')}>
      {notice && (
        <Alert.Root status={notice.status} borderRadius="md" mb="5" role="alert">
          <Alert.Indicator />
          <Alert.Title>{notice.text}</Alert.Title>
        </Alert.Root>
      )}
      {step === 'phone' && (
        <form onSubmit={(event) => void sendCode(event)} noValidate>
          <Stack gap="5">
            <TextField
              label={t('wpp')}
              required
              helper={t('wppHint')}
              error={fieldError}
              name="wpp"
              input={{ type: 'tel', autoComplete: 'tel', autoFocus: true }}
              value={wpp}
              onChange={setWpp}
            />
            <Button type="submit" colorPalette="brand" size="lg" loading={requested.isLoading}>
              {t('sendCode')}
            </Button>
          </Stack>
        </form>
      )}
      {step === 'code' && (
        <form onSubmit={(event) => void checkCode(event)} noValidate>
          <Stack gap="5">
            <TextField
              label={t('code')}
              required
              error={fieldError}
              name="code"
              input={{
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                maxLength: 6,
                autoFocus: true,
                letterSpacing: '0.4em',
                disabled: redirecting,
              }}
              value={code}
              onChange={(typed) => setCode(typed.replace(/\D/g, ''))}
            />
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              loading={verifying.isLoading}
              disabled={redirecting}
            >
              {t('verify')}
            </Button>
            <Button variant="ghost" onClick={restart} disabled={redirecting}>
              {t('resend')}
            </Button>
          </Stack>
        </form>
      )}
      {step === 'password' && (
        <form onSubmit={(event) => void savePassword(event)} noValidate>
          <Stack gap="5">
            {/* the two passwords turn red together; the message shows once, under the second */}
            <TextField
              label={t('newPassword')}
              required
              invalid={!!fieldError}
              name="newPassword"
              input={{ type: 'password', autoComplete: 'new-password', autoFocus: true }}
              value={password}
              onChange={setPassword}
            />
            <TextField
              label={t('confirmPassword')}
              required
              error={fieldError}
              name="confirmPassword"
              input={{ type: 'password', autoComplete: 'new-password' }}
              value={confirm}
              onChange={setConfirm}
            />
            <Button type="submit" colorPalette="brand" size="lg" loading={updating.isLoading}>
              {t('save')}
            </Button>
          </Stack>
        </form>
      )}
      <Text mt="6" textAlign="center" fontSize="sm">
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to="/login">{t('backToLogin')}</RouterLink>
        </Link>
      </Text>
    </PublicCard>
  );
};
