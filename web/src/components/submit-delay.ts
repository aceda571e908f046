/**
 * Forms wait a moment before sending (spec 2 §9, spec 3 §9): 400 ms for users, contacts, queues and the
 * other dialogs; 500 ms for the super user's companies, plans and helps.
 */
export const SubmitDelayMs = { standard: 400, administration: 500 } as const;

export const submitDelay = (ms: number = SubmitDelayMs.standard) =>
  new Promise((resolve) => setTimeout(resolve, ms));
