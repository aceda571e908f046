import { Badge, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { MessageTemplate } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/error-message.js';
import { useCampaignTemplatesQuery } from './campaigns.api.js';
import { VariableMenu } from './variable-menu.js';

/** The campaign's template choice as the form holds it ('' name: none). */
export type TemplateChoice = { name: string; language: string; parameters: string[] };

const keyOf = (name: string, language: string) => (name ? `${name}|${language}` : '');

/**
 * The template of a campaign with a Cloud API connection (issue 17): the connection's approved
 * templates (read from Meta through the gateway), the chosen one's body text, and one field per body
 * parameter, each with the variable picker, so `{nome}` or a text with placeholders fills it per contact.
 */
export const CampaignTemplatePicker = ({
  connectionId,
  value,
  onChange,
  readOnly,
  variables,
  error,
}: {
  /** the Cloud API connection whose templates are offered (the first one selected) */
  connectionId: number;
  value: TemplateChoice;
  onChange: (value: TemplateChoice) => void;
  readOnly: boolean;
  variables: readonly string[];
  /** the translated error of a form field ('' when none) */
  error: (field: string) => string;
}) => {
  const { t } = useTranslation('campaigns');
  const { data, isFetching, error: loadError } = useCampaignTemplatesQuery(connectionId);
  const templates = data ?? [];
  const chosen = templates.find((x) => x.name === value.name && x.language === value.language);
  // a saved template Meta no longer lists (or could not list) stays shown, never changed silently
  const missing = value.name && !chosen && !isFetching;
  const parameterNames = chosen?.bodyParameters ?? value.parameters.map((_, i) => String(i + 1));

  const choose = (key: string) => {
    const template = templates.find((x) => keyOf(x.name, x.language) === key);
    if (!template) {
      onChange({ name: '', language: '', parameters: [] });
      return;
    }
    const same = template.name === value.name && template.language === value.language;
    onChange({
      name: template.name,
      language: template.language,
      parameters: template.bodyParameters.map((_, i) => (same ? (value.parameters[i] ?? '') : '')),
    });
  };
  const setParameter = (index: number, text: string) =>
    onChange({ ...value, parameters: value.parameters.map((p, i) => (i === index ? text : p)) });

  return (
    <Stack gap="2" data-testid="campaign-template">
      <Text fontWeight="medium">{t('template')}</Text>
      <Text color="fg.muted" fontSize="sm">
        {t('templateHint')}
      </Text>
      <Field.Root invalid={!!error('templateName')}>
        <Field.Label>{t('templateChoice')}</Field.Label>
        <NativeSelect.Root disabled={readOnly}>
          <NativeSelect.Field
            name="template"
            value={keyOf(value.name, value.language)}
            onChange={(e) => choose(e.currentTarget.value)}
          >
            <option value="">{t('noTemplate')}</option>
            {templates.map((x: MessageTemplate) => (
              <option key={keyOf(x.name, x.language)} value={keyOf(x.name, x.language)}>
                {t('templateOption', { name: x.name, language: x.language })}
              </option>
            ))}
            {missing && (
              <option value={keyOf(value.name, value.language)}>
                {t(loadError ? 'templateOption' : 'templateMissing', {
                  name: value.name,
                  language: value.language,
                })}
              </option>
            )}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{error('templateName')}</Field.ErrorText>
      </Field.Root>
      {isFetching && (
        <Text color="fg.muted" fontSize="sm" aria-live="polite">
          {t('templatesLoading')}
        </Text>
      )}
      {loadError && !isFetching && (
        <Text color="red.fg" fontSize="sm" role="alert">
          {errorMessage(loadError, t)}
        </Text>
      )}
      {chosen && (
        <Stack gap="1">
          <HStack gap="2">
            <Text fontSize="sm" fontWeight="medium">
              {t('templateBody')}
            </Text>
            <Badge size="sm">{chosen.category}</Badge>
          </HStack>
          <Text
            data-testid="template-body"
            whiteSpace="pre-wrap"
            fontSize="sm"
            bg="bg.muted"
            borderRadius="md"
            px="3"
            py="2"
          >
            {chosen.body}
          </Text>
        </Stack>
      )}
      {value.name &&
        value.parameters.map((text, index) => {
          const name = parameterNames[index] ?? String(index + 1);
          return (
            <Field.Root key={`${value.name}-${index}`} invalid={!!error('templateParameters')}>
              <HStack justify="space-between" w="full">
                <Field.Label>{t('templateParameter', { name })}</Field.Label>
                <VariableMenu
                  variables={variables}
                  disabled={readOnly}
                  label={t('templateVariables', { name })}
                  onPick={(key) => setParameter(index, `${text}{${key}}`)}
                />
              </HStack>
              <Input
                name={`templateParameter${index + 1}`}
                disabled={readOnly}
                value={text}
                onChange={(e) => setParameter(index, e.target.value)}
              />
            </Field.Root>
          );
        })}
      {error('templateParameters') && (
        <Text color="red.fg" fontSize="sm">
          {error('templateParameters')}
        </Text>
      )}
    </Stack>
  );
};
