/**
 * The error catalogue (spec 1 §8, spec 2 §8, spec 3 §8). Every code a service or the gateway answers
 * lives here with its HTTP status and a default English text; the web app translates by code.
 */
/** A lookup that found nothing: 404 and the one text every `ERR_NO_<RECORD>_FOUND` code shares. */
const notFound = (record: string) =>
  ({ status: 404, message: `No ${record} found with this ID.` }) as const;

export const ErrorCodes = {
  // connections
  ERR_NO_OTHER_WHATSAPP: { status: 400, message: 'At least one default connection is needed.' },
  ERR_NO_DEF_WAPP_FOUND: { status: 404, message: 'No default connection found.' },
  ERR_WAPP_NOT_INITIALIZED: { status: 400, message: 'Connection not initialised.' },
  ERR_WAPP_CHECK_CONTACT: { status: 400, message: 'Contact check failed.' },
  ERR_WAPP_INVALID_CONTACT: { status: 400, message: 'This is not a valid number.' },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 400, message: 'Media download failed.' },
  ERR_SENDING_WAPP_MSG: { status: 400, message: 'Sending the message failed.' },
  // a message refused for Meta's 24-hour customer service window (recorded on the message, a schedule)
  ERR_OUTSIDE_SERVICE_WINDOW: {
    status: 400,
    message:
      'Not sent: the 24-hour window to answer this contact is closed; they must write first (or use a template).',
  },
  ERR_DELETE_WAPP_MSG: { status: 400, message: 'Deleting the message failed.' },
  // POST /contacts/import(/chats): the connection has no phone to read, or its connector cannot list it
  ERR_WAPP_IMPORT_UNSUPPORTED: {
    status: 400,
    message: "This connection cannot import the phone's contacts.",
  },
  // message templates are a Cloud API feature (the list, a template send, a campaign's template)
  ERR_WAPP_TEMPLATES_UNSUPPORTED: {
    status: 400,
    message: 'Message templates need a WhatsApp Cloud API connection.',
  },
  // the connection has no WhatsApp Business Account ID, or Meta refused to list its templates
  ERR_WAPP_TEMPLATES_UNAVAILABLE: {
    status: 400,
    message:
      "Meta did not list this connection's templates: check its business account ID and access token.",
  },
  ERR_FETCH_WAPP_MSG: { status: 400, message: 'Fetching failed; the message may be too old.' },
  ERR_WAPP_GREETING_REQUIRED: {
    status: 400,
    message: 'A greeting message is required when there is more than one queue.',
  },
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, message: 'The queue colour must be unique.' },
  // queue names are unique per company (BEHAVIOUR.md §2)
  ERR_QUEUE_NAME_ALREADY_EXISTS: { status: 409, message: 'A queue with this name already exists.' },
  // session and access
  ERR_INVALID_CREDENTIALS: { status: 401, message: 'Authentication error, try again.' },
  ERR_SESSION_EXPIRED: { status: 401, message: 'Session expired, log in.' },
  ERR_TOKEN_EXPIRED: { status: 403, message: 'Access token expired, refresh it.' },
  ERR_INVALID_TOKEN: { status: 401, message: 'Invalid or revoked token, log in.' },
  // POST /api/messages/send: no bearer token, or one no connection has
  ERR_INVALID_API_TOKEN: { status: 401, message: 'Missing or unknown connection token.' },
  ERR_OUT_OF_HOURS: { status: 401, message: 'Outside working hours.' },
  ERR_SUBSCRIPTION_EXPIRED: {
    status: 402,
    message: 'The subscription expired, contact support.',
  },
  ERR_COMPANY_INACTIVE: { status: 403, message: 'This company is inactive, contact support.' },
  ERR_NO_PERMISSION: { status: 403, message: 'No permission.' },
  ERR_PLAN_FEATURE_DISABLED: {
    status: 403,
    message: 'This company has no permission to access this page.',
  },
  ERR_USER_CREATION_DISABLED: { status: 403, message: 'User creation is disabled.' },
  ERR_BOT_CHECK_FAILED: { status: 400, message: 'Complete the bot check.' },
  ERR_TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests, wait a moment.' },
  // password reset by code (spec 3 §4, at most 3 attempts); the UI shows its own texts for these
  ERR_INVALID_RESET_CODE: { status: 400, message: 'Invalid verification code.' },
  ERR_RESET_ATTEMPTS_EXCEEDED: { status: 429, message: 'Too many attempts, ask for a new code.' },
  // lookups
  ERR_NO_SETTING_FOUND: notFound('setting'),
  ERR_NO_CONTACT_FOUND: notFound('contact'),
  ERR_NO_TICKET_FOUND: notFound('ticket'),
  ERR_NO_USER_FOUND: notFound('user'),
  ERR_NO_WAPP_FOUND: notFound('connection'),
  ERR_NO_COMPANY_FOUND: notFound('company'),
  ERR_NO_PLAN_FOUND: notFound('plan'),
  ERR_NO_QUEUE_FOUND: notFound('queue'),
  ERR_NO_TAG_FOUND: notFound('tag'),
  ERR_NO_MESSAGE_FOUND: notFound('message'),
  ERR_NO_CAMPAIGN_FOUND: notFound('campaign'),
  // a campaign's template is not an approved template (name and language) of one of its connections
  ERR_NO_TEMPLATE_FOUND: {
    status: 404,
    message: 'No approved message template with this name and language was found.',
  },
  ERR_NO_CONTACT_LIST_FOUND: notFound('contact list'),
  ERR_NO_CONTACT_LIST_ITEM_FOUND: notFound('contact of this list'),
  // a list holds a number once
  ERR_CONTACT_LIST_ITEM_DUPLICATED: {
    status: 409,
    message: 'This number is already in the list.',
  },
  ERR_NO_SCHEDULE_FOUND: notFound('schedule'),
  ERR_NO_PLANTAO_FOUND: notFound('on-duty entry'),
  ERR_NO_HELP_FOUND: notFound('help'),
  ERR_NO_ANNOUNCEMENT_FOUND: notFound('announcement'),
  ERR_NO_CHAT_FOUND: notFound('chat'),
  // only the owner edits or deletes a chat; only its members read or write it (spec 3 §6)
  ERR_CHAT_OWNER_ONLY: { status: 403, message: 'Only the owner of this chat may change it.' },
  ERR_NO_INTEGRATION_FOUND: notFound('integration'),
  // integration names are unique per company (case-insensitive)
  ERR_INTEGRATION_NAME_ALREADY_EXISTS: {
    status: 409,
    message: 'An integration with this name already exists.',
  },
  // POST /queueIntegration/testSession: Dialogflow refused the key or project, or answered nonsense
  ERR_DIALOGFLOW_TEST_FAILED: {
    status: 400,
    message: 'Dialogflow did not answer: check the project name, the key and the language.',
  },
  ERR_DIALOGFLOW_TIMEOUT: { status: 504, message: 'Dialogflow did not answer in time.' },
  ERR_NO_PROMPT_FOUND: notFound('prompt'),
  ERR_NO_FILE_LIST_FOUND: notFound('file list'),
  // a prompt is saved only with a queue (spec 3 §5: "Informe o setor")
  ERR_PROMPT_QUEUE_REQUIRED: { status: 400, message: 'Choose the queue of the prompt.' },
  // a new prompt needs its API key (an update may keep the stored one)
  ERR_PROMPT_API_KEY_REQUIRED: { status: 400, message: 'Enter the API key of the prompt.' },
  // conflicts and creation
  ERR_DUPLICATED_CONTACT: { status: 409, message: 'This contact already exists.' },
  ERR_OTHER_OPEN_TICKET: {
    status: 409,
    message: 'An open ticket already exists for this contact.',
  },
  ERR_EMAIL_ALREADY_EXISTS: { status: 409, message: 'A user with this email already exists.' },
  ERR_COMPANY_NAME_ALREADY_EXISTS: {
    status: 409,
    message: 'A company with this name already exists.',
  },
  ERR_PLAN_NAME_ALREADY_EXISTS: { status: 409, message: 'A plan with this name already exists.' },
  // ticket workflow (spec 1 §4): a status change the current status does not allow, a close without a tag
  // while requiredTag is on, a send to a blocked contact
  ERR_TICKET_INVALID_TRANSITION: {
    status: 409,
    message: 'This ticket cannot move to that status from its current one.',
  },
  ERR_TICKET_TAG_REQUIRED: { status: 400, message: 'Assign a tag before closing the ticket.' },
  ERR_CONTACT_BLOCKED: { status: 400, message: 'This contact is blocked.' },
  ERR_NO_NOTE_FOUND: notFound('note'),
  ERR_CREATING_MESSAGE: { status: 400, message: 'Creating the message failed.' },
  ERR_CREATING_TICKET: { status: 400, message: 'Creating the ticket failed.' },
  ERR_PLAN_LIMIT_REACHED: { status: 403, message: 'The plan limit for this resource was reached.' },
  ERR_PLAN_IN_USE: {
    status: 409,
    message: 'This plan is used by companies and cannot be deleted.',
  },
  // POST /subscription of the family's checkout: this server takes no online payments
  ERR_NO_PAYMENT_PROVIDER: {
    status: 501,
    message:
      'Online payment is not set up on this server. Pay the invoice as your provider tells you.',
  },
  // a company bundle that is not one, is cut short, was altered, or that the key given does not open
  ERR_INVALID_BUNDLE: {
    status: 400,
    message: 'The company bundle cannot be imported.',
  },
  // a row of an imported company clashes with data already here (a user's e-mail taken)
  ERR_IMPORT_CONFLICT: {
    status: 409,
    message: 'Part of the company bundle clashes with data already here.',
  },
  // company 1 hosts the platform: never deleted, deactivated or given a due date
  ERR_COMPANY_PROTECTED: {
    status: 403,
    message: 'The platform company cannot be changed this way.',
  },
  // a campaign is read-only when it starts in less than an hour, and cancel/restart need a fitting status
  ERR_CAMPAIGN_NOT_EDITABLE: { status: 409, message: 'This campaign can no longer be changed.' },
  // a campaign is scheduled on a list with no contact it could message
  ERR_CAMPAIGN_LIST_EMPTY: {
    status: 400,
    message: 'The contact list has no contact with a valid number.',
  },
  // a campaign scheduled to a tag none of whose contacts has a phone number to send to
  ERR_CAMPAIGN_TAG_AUDIENCE: {
    status: 400,
    message: 'No contact with this tag has a phone number to send to.',
  },
  // a schedule changes only while it waits (PENDENTE) and is not being sent
  ERR_SCHEDULE_NOT_EDITABLE: {
    status: 409,
    message: 'This schedule was sent and can no longer be changed.',
  },
  // a body or query named a record (queue, prompt, connection, …) that is not the caller's company's
  ERR_REFERENCE_NOT_FOUND: {
    status: 404,
    message: 'A record named in the request was not found in this company.',
  },
  // transport and generic
  ERR_VALIDATION: { status: 400, message: 'Some fields are missing or invalid.' },
  ERR_MALFORMED_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  // uploads: the contact import takes xlsx only, profile pictures images only
  ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This file type is not accepted.' },
  ERR_NOT_FOUND: { status: 404, message: 'Not found.' },
  ERR_SERVICE_TIMEOUT: { status: 504, message: 'The service did not answer in time.' },
  ERR_SERVICE_UNAVAILABLE: { status: 503, message: 'The service is unavailable.' },
  // the company is fenced by a tenant operation (export, move): its users wait, with Retry-After
  ERR_COMPANY_MAINTENANCE: {
    status: 503,
    message: "The company's data is being moved; try again shortly.",
  },
  ERR_INTERNAL: { status: 500, message: 'An internal error occurred.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ErrorCodes;

/** The JSON body of every error answer: `{ error, message }`, plus the failing fields for 400s. */
export type ErrorBody = {
  error: ErrorCode;
  message: string;
  fields?: Record<string, string[]>;
  /** extra data some codes carry, e.g. the holder of ERR_OTHER_OPEN_TICKET */
  details?: unknown;
  /** id that ties a 500 to its log line */
  errorId?: string;
};

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ErrorCodes, value);

/** The HTTP status of a code; anything outside the catalogue is an internal error. */
export const errorStatus = (code: string): number =>
  isErrorCode(code) ? ErrorCodes[code].status : ErrorCodes.ERR_INTERNAL.status;

/** The default English text of a code (the web app translates by code). */
export const errorMessage = (code: string): string =>
  isErrorCode(code) ? ErrorCodes[code].message : ErrorCodes.ERR_INTERNAL.message;

/** An error body with the catalogue text unless a more precise one is given. */
export const errorBody = (
  code: ErrorCode,
  extra: Partial<Omit<ErrorBody, 'error'>> = {},
): ErrorBody => ({ error: code, ...extra, message: extra.message ?? ErrorCodes[code].message });

/** Whether a value looks like an error body answered by the gateway (used by the web app's handler). */
export const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  isErrorCode((value as { error?: unknown }).error) &&
  typeof (value as { message?: unknown }).message === 'string';
