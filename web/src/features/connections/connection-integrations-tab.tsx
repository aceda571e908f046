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

  /** A link's select: "None" then the choices, the saved one kept when it is not among them. */
  const linkSelect = (name: 'integrationId' | 'promptId', choices: Choice[], fallback: string) => (
    <ConnectionSelect
      form={form}
      name={name}
      value={selectValueOf(draft[name])}
      options={[
        ['', t('noLink')] as const,
        ...choicesWith(choices, draft[name], fallback).map((c) => [String(c.id), c.name] as const),
      ]}
      onChange={(value) => form.set(name, idOfSelectValue(value))}
    />
  );

  return (
    <Stack gap="3">
      {!canIntegrate && !canPrompt && (
        <Text fontSize="sm" color="fg.muted">
          {t('integrationsNotInPlan')}
        </Text>
      )}
      {canIntegrate &&
        linkSelect(
          'integrationId',
          form.integrations,
          t('integrationNumber', { id: draft.integrationId }),
        )}
      {canPrompt && linkSelect('promptId', form.prompts, t('promptNumber', { id: draft.promptId }))}
    </Stack>
  );
};
