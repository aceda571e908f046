/**
 * spec 2: reports are read in this time zone unless the company sets its own. In a module of its own,
 * without schemas, so the web app's first screen can name it without loading zod.
 */
export const ReportDefaultTimeZone = 'America/Sao_Paulo';
