import { Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { CheckboxGroupField } from '../../components/checkbox-group.js';
import { SwitchField, TextField } from '../../components/form-fields.js';
import { ConnectionSelect } from './connection-fields.js';
import { DayMs, dayOf, newApiToken, type Draft } from './connection-form.js';
import type { ConnectionForm } from './use-connection-form.js';

/** The Cloud API ids and token of a whatsappapi connection; the token is write-only. */
const CloudApiFields = ({ form }: { form: ConnectionForm }) => {
  const { t } = useTranslation('connections');
  const { connection, draft } = form;
  return (
    <>
      {(['phoneNumberId', 'accessToken', 'businessAccountId'] as const).map((key) => (
        <TextField
          key={key}
          label={t(key)}
          required={!connection && key !== 'businessAccountId'}
          error={key === 'accessToken' ? form.tokenError : undefined}
          helper={key === 'accessToken' && connection ? t('accessTokenKept') : undefined}
          input={{ type: key === 'accessToken' ? 'password' : 'text', autoComplete: 'off' }}
          value={draft[key]}
          onChange={(value) =>
            key === 'accessToken' ? form.setAccessToken(value) : form.set(key, value)
          }
        />
      ))}
    </>
  );
};

/** Which queues the connection serves, with a hint (and a link to /queues) while it has none. */
const QueuesField = ({ form }: { form: ConnectionForm }) => {
  const { t } = useTranslation('connections');
  const { draft, queues } = form;
  return (
    <>
      <CheckboxGroupField
        legend={t('sections.queues')}
        direction="column"
        options={queues.map((queue) => ({ value: queue.id, label: queue.name }))}
        value={draft.queueIds}
        onChange={(queueIds) => form.set('queueIds', queueIds)}
      />
      {draft.queueIds.length === 0 && (
        <Text fontSize="sm" fontWeight="medium" data-testid="connection-queues-hint">
          {queues.length ? (
            t('queuesHint')
          ) : (
            <>
              {t('noQueuesHint')}{' '}
              <Link asChild color="blue.fg" textDecoration="underline">
                <RouterLink to="/queues">{t('queuesLink')}</RouterLink>
              </Link>
            </>
          )}
        </Text>
      )}
    </>
  );
};

/** A Baileys connection's history import: two dates within the last 2 years, and its options. */
const ImportFields = ({ form }: { form: ConnectionForm }) => {
  const { t } = useTranslation('connections');
  const { draft, importError } = form;
  const now = new Date();
  return (
    <>
      <Heading as="h3" size="sm" mt="2">
        {t('sections.import')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('importHelp')}
      </Text>
      <HStack gap="3" align="start">
        {(['importOldMessages', 'importRecentMessages'] as const).map((key) => (
          // both dates turn red; the one message is shown once, below them
          <TextField
            key={key}
            label={t(key)}
            invalid={!!importError}
            inputRef={(input) => {
              form.importInputs.current[key] = input;
            }}
            input={{
              type: 'date',
              min: dayOf(new Date(now.getTime() - 730 * DayMs)),
              max: dayOf(now),
            }}
            value={draft[key]}
            onChange={(value) => form.setImportDay(key, value)}
          />
        ))}
      </HStack>
      {importError && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {importError}
        </Text>
      )}
      {(['importOldMessagesGroups', 'closedTicketsPostImported'] as const).map((key) => (
        <SwitchField
          key={key}
          label={t(key)}
          checked={draft[key]}
          onChange={(checked) => form.set(key, checked)}
        />
      ))}
    </>
  );
};

/** Spec 2 §2's general tab: name, default, secrets, API token, groups, queues, history import. */
export const ConnectionGeneralTab = ({ form }: { form: ConnectionForm }) => {
  const { t } = useTranslation('connections');
  const { draft, kind } = form;
  return (
    <Stack gap="3">
      <TextField
        label={t('name')}
        required
        error={form.nameError}
        inputRef={form.nameInput}
        value={draft.name}
        onChange={(value) => form.set('name', value)}
      />
      <SwitchField
        label={t('isDefault')}
        checked={draft.isDefault}
        onChange={(checked) => form.set('isDefault', checked)}
      />
      {kind === 'whatsappapi' && <CloudApiFields form={form} />}
      <TextField
        label={t('token')}
        helper={t('tokenHint')}
        error={form.fieldErrors.token}
        input={{ autoComplete: 'off' }}
        value={draft.token}
        onChange={(value) => form.set('token', value.trim())}
        addon={
          <Button variant="outline" onClick={() => form.set('token', newApiToken())}>
            {t('generateToken')}
          </Button>
        }
      />
      <SwitchField
        label={t('allowGroup')}
        checked={draft.allowGroup}
        onChange={(checked) => form.set('allowGroup', checked)}
      />
      <ConnectionSelect
        form={form}
        name="groupAsTicket"
        value={draft.groupAsTicket}
        options={(['disabled', 'enabled'] as const).map((value) => [
          value,
          t(`groupAsTicketOptions.${value}`),
        ])}
        onChange={(value) => form.set('groupAsTicket', value as Draft['groupAsTicket'])}
        disabled={!draft.allowGroup}
      />
      <QueuesField form={form} />
      {kind === 'whatsapp' && <ImportFields form={form} />}
    </Stack>
  );
};
