import {
  Alert,
  Box,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  Input,
  InputGroup,
  IconButton,
  Link,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff, LuLock, LuMail } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useColorMode } from '../../app/color-mode.js';
import { turnstileSiteKey } from '../../app/runtime-config.js';
import { LegalLink } from './legal-dialog.js';
import { PublicLayout } from './public-layout.js';
import { Turnstile } from './turnstile.js';
import { useLogin } from './use-auth-actions.js';

type FieldErrors = { email?: string; password?: string; botCheck?: string };

/** Login (spec 1 §2): email, password, the bot check when configured; links to the other public pages. */
export const LoginPage = () => {
  const { t, i18n } = useTranslation('auth');
  const { theme } = useColorMode();
  const { submit, isLoading } = useLogin();
  const siteKey = turnstileSiteKey();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [botToken, setBotToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!email.trim()) found.email = t('emailRequired');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = t('emailInvalid');
    if (!password) found.password = t('passwordRequired');
    if (siteKey && !botToken) found.botCheck = t('botCheckRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await submit({
      email: email.trim(),
      password,
      ...(siteKey && botToken ? { 'cf-turnstile-response': botToken } : {}),
    });
  };

  return (
    <PublicLayout>
      <Card.Root variant="elevated" borderRadius="2xl" boxShadow="lg">
        <Card.Body p={{ base: '6', md: '10' }}>
          <Stack gap="1" mb="8">
            <Heading as="h1" size="2xl" letterSpacing="-0.02em">
              {t('loginTitle')}
            </Heading>
            <Text color="fg.muted">{t('loginSubtitle')}</Text>
          </Stack>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="5">
              <Field.Root invalid={!!errors.email} required>
                <Field.Label>{t('email')}</Field.Label>
                <InputGroup startElement={<LuMail />}>
                  <Input
                    name="email"
                    type="email"
                    autoComplete="username"
                    autoFocus
                    size="lg"
                    value={email}
                    placeholder={t('emailPlaceholder')}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                </InputGroup>
                <Field.ErrorText>{errors.email}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!errors.password} required>
                <HStack justify="space-between" width="full">
                  <Field.Label>{t('password')}</Field.Label>
                  <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium">
                    <RouterLink to="/recovery-password">{t('forgotPassword')}</RouterLink>
                  </Link>
                </HStack>
                <InputGroup
                  startElement={<LuLock />}
                  endElement={
                    <IconButton
                      variant="ghost"
                      size="sm"
                      me="-2"
                      aria-label={showPassword ? t('hidePassword') : t('showPassword')}
                      onClick={() => setShowPassword((shown) => !shown)}
                    >
                      {showPassword ? <LuEyeOff /> : <LuEye />}
                    </IconButton>
                  }
                >
                  <Input
                    name="password"
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="current-password"
                    size="lg"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                </InputGroup>
                <Field.ErrorText>{errors.password}</Field.ErrorText>
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
                    <Alert.Root status="warning" size="sm" mt="2" borderRadius="md">
                      <Alert.Indicator />
                      <Alert.Title>{errors.botCheck}</Alert.Title>
                    </Alert.Root>
                  )}
                </Box>
              )}
              <Button type="submit" colorPalette="brand" size="lg" loading={isLoading} width="full">
                {t('submit')}
              </Button>
            </Stack>
          </form>
          <Text mt="6" textAlign="center" color="fg.muted" fontSize="sm">
            {t('noAccount')}{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/signup">{t('signUp')}</RouterLink>
            </Link>
          </Text>
          <Separator my="6" />
          <HStack justify="center" gap="4" fontSize="xs" color="fg.muted">
            <LegalLink kind="terms" />
            <Text aria-hidden>·</Text>
            <LegalLink kind="privacy" />
          </HStack>
        </Card.Body>
      </Card.Root>
    </PublicLayout>
  );
};
