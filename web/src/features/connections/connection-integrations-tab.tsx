import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { choicesWith, idOfSelectValue, selectValueOf, type Choice } from '../queues/bot-choices.js';
import { ConnectionSelect } from './connection-fields.js';
import type { ConnectionForm } from './use-connection-form.js';

/**
 * The integrations tab: the queue integration (plan flag useIntegration) and the AI prompt (plan flag
 * useOpenAi) of the connection; a link the plan lacks is not shown.
 */
export const ConnectionIntegrationsTab = ({ form }: { form: ConnectionForm }) => {
  const { t } = useTranslation('connections');
  const { draft, canIntegrate, canPrompt } = form;

  /** "None" then the choices, the saved one kept when it is not among them. */
  const linkOptions = (choices: Choice[], saved: number | null, fallback: string) => [
    ['', t('noLink')] as const,
    ...choicesWith(choices, saved, fallback).map((c) => [String(c.id), c.name] as const),
  ];

  return (
    <Stack gap="3">
      {!canIntegrate && !canPrompt && (
        <Text fontSize="sm" color="fg.muted">
          {t('integrationsNotInPlan')}
        </Text>
      )}
      {canIntegrate && (
        <ConnectionSelect
          form={form}
          name="integrationId"
          value={selectValueOf(draft.integrationId)}
          options={linkOptions(
            form.integrations,
            draft.integrationId,
            t('integrationNumber', { id: draft.integrationId }),
          )}
          onChange={(value) => form.set('integrationId', idOfSelectValue(value))}
        />
      )}
      {canPrompt && (
        <ConnectionSelect
          form={form}
          name="promptId"
          value={selectValueOf(draft.promptId)}
          options={linkOptions(
            form.prompts,
            draft.promptId,
            t('promptNumber', { id: draft.promptId }),
          )}
          onChange={(value) => form.set('promptId', idOfSelectValue(value))}
        />
      )}
    </Stack>
  );
};
