import {
  Box,
  Button,
  Card,
  Code,
  Field,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { ExternalSendInput } from '@sb/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { TextField } from '../../components/form-fields.js';
import { PageTitle } from '../../components/page-title.js';
import { submitDelay } from '../../components/submit-delay.js';
import { notify, toastError } from '../../components/toaster.js';
import { externalSendUrl, useSendExternalTestMutation } from './messages-api.api.js';

type Errors = Partial<Record<'token' | 'number' | 'body' | 'file', string>>;

const Snippet = ({ label, children }: { label: string; children: string }) => (
  <Box
    as="pre"
    role="figure"
    aria-label={label}
    bg="bg.muted"
    color="fg"
    p="3"
    borderRadius="md"
    fontSize="sm"
    overflowX="auto"
    whiteSpace="pre"
  >
    <code>{children}</code>
  </Box>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card.Root variant="outline">
    <Card.Header>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
    </Card.Header>
    <Card.Body>
      <Stack gap="4">{children}</Stack>
    </Card.Body>
  </Card.Root>
);

/** The checks of spec 3 §5: token, number and body (text) or file (media) are required. */
const checkForm = (
  t: TFunction<'messagesApi'>,
  form: { token: string; number: string; body?: string; file?: File | null },
  kind: 'text' | 'media',
): Errors => {
  const errors: Errors = {};
  if (!form.token.trim()) errors.token = t('required');
  if (!form.number.trim()) errors.number = t('required');
  else if (!ExternalSendInput.shape.number.safeParse(form.number).success) {
    errors.number = t('invalidNumber');
  }
  if (kind === 'text' && !form.body?.trim()) errors.body = t('required');
  if (kind === 'media' && !form.file) errors.file = t('required');
  return errors;
};

/**
 * /messages-api (spec 3 §2.18; plan flag useExternalApi, guarded by the route table): documents
 * POST /api/messages/send for texts and for files, and offers a test form for each.
 */
export const MessagesApiPage = () => {
  const { t } = useTranslation('messagesApi');
  const url = externalSendUrl();
  const [sendTest] = useSendExternalTestMutation();
  const [text, setText] = useState({ token: '', number: '', body: '' });
  const [media, setMedia] = useState<{ token: string; number: string; file: File | null }>({
    token: '',
    number: '',
    file: null,
  });
  const [textErrors, setTextErrors] = useState<Errors>({});
  const [mediaErrors, setMediaErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'text' | 'media' | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);

  const submitText = async (event: FormEvent) => {
    event.preventDefault();
    const errors = checkForm(t, text, 'text');
    setTextErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy('text');
    try {
      await submitDelay();
      await sendTest({ token: text.token.trim(), number: text.number, body: text.body }).unwrap();
      notify.success(t('sent'));
      setText((current) => ({ ...current, body: '' }));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  };

  const submitMedia = async (event: FormEvent) => {
    event.preventDefault();
    const errors = checkForm(t, media, 'media');
    setMediaErrors(errors);
    if (Object.keys(errors).length || !media.file) return;
    setBusy('media');
    try {
      await submitDelay();
      await sendTest({
        token: media.token.trim(),
        number: media.number,
        file: media.file,
      }).unwrap();
      notify.success(t('sent'));
      setMedia((current) => ({ ...current, file: null }));
      setFileInputKey((key) => key + 1);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  };

  const fields: [string, string, string][] = [
    ['number', 'string', t('fieldNumber')],
    ['body', 'string', t('fieldBody')],
    ['userId', 'number', t('fieldUserId')],
    ['queueId', 'number', t('fieldQueueId')],
    ['sendSignature', 'boolean', t('fieldSendSignature')],
    ['closeTicket', 'boolean', t('fieldCloseTicket')],
    ['medias', 'file', t('fieldMedias')],
  ];
  const textExample = [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer ${t('tokenPlaceholder')}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '{"number": "5511999999999", "body": "${t('exampleBody')}"}'`,
  ].join('\n');
  const mediaExample = [
    `curl -X POST '${url}' \\`,
    `  -H 'Authorization: Bearer ${t('tokenPlaceholder')}' \\`,
    `  -F 'number=5511999999999' \\`,
    `  -F 'body=${t('exampleCaption')}' \\`,
    `  -F 'medias=@/path/to/file.pdf'`,
  ].join('\n');
  const replyExample = JSON.stringify(
    { status: 'SUCCESS', ticketId: 42, contactId: 7, messageIds: ['…'], ticketStatus: 'open' },
    null,
    2,
  );

  return (
    <PageTitle titleKey="messagesApi">
      <Stack gap="6">
        <Text color="fg.muted">{t('intro')}</Text>

        <Section title={t('docsTitle')}>
          <Text>{t('endpoint')}</Text>
          <Snippet label={t('endpoint')}>{`POST ${url}`}</Snippet>
          <Text>{t('headers')}</Text>
          <Snippet label={t('headers')}>{`Authorization: Bearer ${t('tokenPlaceholder')}`}</Snippet>
          <Text color="fg.muted">{t('tokenHint')}</Text>
          <Table.Root size="sm" variant="outline" aria-label={t('fieldsTitle')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('field')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('type')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('description')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {fields.map(([name, type, description]) => (
                <Table.Row key={name}>
                  <Table.Cell>
                    <Code>{name}</Code>
                  </Table.Cell>
                  <Table.Cell>{type}</Table.Cell>
                  <Table.Cell>{description}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Text color="fg.muted">{t('numberHint')}</Text>
          <Text>{t('replyTitle')}</Text>
          <Snippet label={t('replyTitle')}>{replyExample}</Snippet>
          <Text color="fg.muted">{t('errorsHint')}</Text>
        </Section>

        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <Section title={t('textTitle')}>
            <Text color="fg.muted">{t('textDocs')}</Text>
            <Snippet label={t('textExample')}>{textExample}</Snippet>
            <Heading as="h3" size="md">
              {t('textTest')}
            </Heading>
            <form
              onSubmit={(event) => void submitText(event)}
              noValidate
              aria-label={t('textTest')}
            >
              <Stack gap="4">
                <TextField
                  label={t('token')}
                  required
                  error={textErrors.token}
                  name="token"
                  value={text.token}
                  onChange={(token) => setText({ ...text, token })}
                />
                <TextField
                  label={t('number')}
                  required
                  helper={t('numberHint')}
                  error={textErrors.number}
                  name="number"
                  input={{ type: 'tel' }}
                  value={text.number}
                  onChange={(number) => setText({ ...text, number })}
                />
                <TextField
                  label={t('body')}
                  required
                  error={textErrors.body}
                  name="body"
                  rows={3}
                  value={text.body}
                  onChange={(body) => setText({ ...text, body })}
                />
                <Button
                  type="submit"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={busy === 'text'}
                >
                  {t('sendText')}
                </Button>
              </Stack>
            </form>
          </Section>

          <Section title={t('mediaTitle')}>
            <Text color="fg.muted">{t('mediaDocs')}</Text>
            <Snippet label={t('mediaExample')}>{mediaExample}</Snippet>
            <Heading as="h3" size="md">
              {t('mediaTest')}
            </Heading>
            <form
              onSubmit={(event) => void submitMedia(event)}
              noValidate
              aria-label={t('mediaTest')}
            >
              <Stack gap="4">
                <TextField
                  label={t('token')}
                  required
                  error={mediaErrors.token}
                  name="token"
                  value={media.token}
                  onChange={(token) => setMedia({ ...media, token })}
                />
                <TextField
                  label={t('number')}
                  required
                  helper={t('numberHint')}
                  error={mediaErrors.number}
                  name="number"
                  input={{ type: 'tel' }}
                  value={media.number}
                  onChange={(number) => setMedia({ ...media, number })}
                />
                <Field.Root invalid={!!mediaErrors.file} required>
                  <Field.Label>{t('file')}</Field.Label>
                  <Input
                    key={fileInputKey}
                    name="file"
                    type="file"
                    p="1"
                    onChange={(e) => setMedia({ ...media, file: e.target.files?.[0] ?? null })}
                  />
                  <Field.ErrorText>{mediaErrors.file}</Field.ErrorText>
                </Field.Root>
                <Button
                  type="submit"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  loading={busy === 'media'}
                >
                  {t('sendMedia')}
                </Button>
              </Stack>
            </form>
          </Section>
        </SimpleGrid>
      </Stack>
    </PageTitle>
  );
};
