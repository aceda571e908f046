import { useMemo } from 'react';
import { useListPromptsQuery } from '../prompts/prompts.api.js';
import {
  useListFileListChoicesQuery,
  useListIntegrationChoicesQuery,
  type Choice,
} from './bot-choices.api.js';

export type { Choice } from './bot-choices.api.js';

/**
 * The choices of a picker with the saved id kept: an id missing from the list (deleted since, or not
 * loaded yet) still shows under `fallback`, so that a save keeps it rather than dropping it.
 */
export const choicesWith = (choices: Choice[], saved: number | null, fallback: string): Choice[] =>
  saved === null || choices.some((choice) => choice.id === saved)
    ? choices
    : [...choices, { id: saved, name: fallback }];

/** The value of a select of ids: '' for none. */
export const selectValueOf = (id: number | null | undefined): string =>
  id === null || id === undefined ? '' : String(id);

/** The id a select of ids answers: null for the empty "none" entry. */
export const idOfSelectValue = (value: string): number | null => (value ? Number(value) : null);

const NoChoices: Choice[] = [];

/** The company's queue integrations (GET /queueIntegration, every page), on a plan with useIntegration. */
export const useIntegrationChoices = (enabled: boolean): Choice[] => {
  const { data = NoChoices } = useListIntegrationChoicesQuery(undefined, { skip: !enabled });
  return enabled ? data : NoChoices;
};

/** The company's AI prompts (GET /prompt), on a plan with useOpenAi. */
export const usePromptChoices = (enabled: boolean): Choice[] => {
  const { data } = useListPromptsQuery(undefined, { skip: !enabled });
  return useMemo(
    () => (enabled && data ? data.prompts.map(({ id, name }) => ({ id, name })) : NoChoices),
    [enabled, data],
  );
};

/** The company's file lists (GET /files, every page). */
export const useFileListChoices = (enabled = true): Choice[] => {
  const { data = NoChoices } = useListFileListChoicesQuery(undefined, { skip: !enabled });
  return enabled ? data : NoChoices;
};
