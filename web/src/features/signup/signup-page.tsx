import type { ParseKeys } from 'i18next';
import { Alert, Box, Button, Field, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { SignupInput, type SignupForm } from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuGift } from 'react-icons/lu';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/error-message.js';
import { useColorMode } from '../../lib/color-mode.js';
import { turnstileSiteKey } from '../../app/runtime-config.js';
import { TextField } from '../../components/form-fields.js';
import { notify } from '../../components/toaster.js';
import { Turnstile } from '../auth/turnstile.js';
import { useSignupMutation, useSignupPlansQuery } from './signup.api.js';
import { PublicCard } from '../../components/public-card.js';

type FieldName = 'name' | 'companyName' | 'email' | 'password' | 'phone' | 'planId';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName | 'botCheck', string>>;

const fieldNames: FieldName[] = ['name', 'companyName', 'email', 'password', 'phone', 'planId'];
const empty: Values = { name: '', companyName: '', email: '', password: '', phone: '', planId: '' };

/** The schema's messages ("Too Short!", …) as keys of the signup texts. */
const messageKey: Record<string, ParseKeys<'signup'>> = {
  'Too Short!': 'tooShort',
  'Too Long!': 'tooLong',
  'Invalid email': 'invalidEmail',
  'Invalid number': 'invalidPhone',
  Required: 'required',
};

const formatPrice = (amount: string, language: string) =>
  new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(amount),
  );

/** Signup (spec 1 §2, §5): a new company with a free 3-day trial; success goes back to /login. */
export const SignupPage = () => {
  const { t, i18n } = useTranslation('signup');
  const { theme } = useColorMode();
  const navigate = useNavigate();
  // spec 1 §2: /signup takes an optional companyId, passed on in the request
  const queryCompanyId = Number(useSearchParams()[0].get('companyId'));
  const companyId =
    Number.isInteger(queryCompanyId) && queryCompanyId > 0 ? queryCompanyId : undefined;
  const siteKey = turnstileSiteKey();
  const plans = useSignupPlansQuery();
  const [signup, { isLoading }] = useSignupMutation();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [botToken, setBotToken] = useState<string | null>(null);

  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const form: SignupForm = {
      ...values,
      planId: values.planId === '' ? undefined : Number(values.planId),
      ...(siteKey && botToken ? { 'cf-turnstile-response': botToken } : {}),
    };
    const parsed = SignupInput.safeParse(form);
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        if (fieldNames.includes(field) && !found[field]) {
          found[field] = t(messageKey[issue.message] ?? 'required');
        }
      }
    }
    if (siteKey && !botToken) found.botCheck = t('botCheckRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.botCheck) notify.warning(found.botCheck);
      return;
    }
    try {
      await signup({ ...parsed.data!, ...(companyId ? { companyId } : {}) }).unwrap();
    } catch (error) {
      notify.error(t('failed'), { description: errorMessage(error, i18n.t) });
      return;
    }
    notify.success(t('created'));
    void navigate('/login');
  };

  const text = (name: Exclude<FieldName, 'planId'>, type = 'text', autoComplete?: string) => (
    <TextField
      label={t(name)}
      required
      error={errors[name]}
      name={name}
      input={{ type, autoComplete }}
      value={values[name]}
      onChange={(value) => set(name)({ target: { value } })}
    />
  );

  return (
    <PublicCard title={t('title')} subtitle={t('subtitle')}>
      <Alert.Root status="success" variant="subtle" borderRadius="md" mb="6">
        <Alert.Indicator>
          <LuGift />
        </Alert.Indicator>
        <Alert.Title>{t('trial')}</Alert.Title>
      </Alert.Root>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="4">
          {text('name', 'text', 'name')}
          {text('companyName', 'text', 'organization')}
          {text('email', 'email', 'email')}
          {text('password', 'password', 'new-password')}
          {text('phone', 'tel', 'tel')}
          <Field.Root invalid={!!errors.planId} required>
            <Field.Label>{t('plan')}</Field.Label>
            <NativeSelect.Root disabled={plans.isLoading}>
              <NativeSelect.Field
                name="planId"
                value={values.planId}
                onChange={set('planId')}
                placeholder={t('choosePlan')}
              >
                {(plans.data ?? []).map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {t('planOption', {
                      name: plan.name,
                      price: formatPrice(plan.amount, i18n.language),
                    })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.planId}</Field.ErrorText>
            {plans.isError && (
              <Text color="fg.error" fontSize="sm">
                {t('plansFailed')}
              </Text>
            )}
          </Field.Root>
          {siteKey && (
            <Box>
              <Turnstile
                siteKey={siteKey}
                language={i18n.language}
                theme={theme}
                onToken={setBotToken}
              />
              {errors.botCheck && (
                <Text color="fg.error" fontSize="sm" mt="2">
                  {errors.botCheck}
                </Text>
              )}
            </Box>
          )}
          <Button type="submit" colorPalette="brand" size="lg" loading={isLoading} width="full">
            {t('submit')}
          </Button>
        </Stack>
      </form>
      <Text mt="6" textAlign="center" color="fg.muted" fontSize="sm">
        {t('haveAccount')}{' '}
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to="/login">{t('backToLogin')}</RouterLink>
        </Link>
      </Text>
    </PublicCard>
  );
};
