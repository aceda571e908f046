export { isOptOutReply, optOutKey } from '@sb/contracts';

/** A number as opt-outs store and compare it: digits only. */
export const optOutNumber = (number: string): string => number.replace(/\D/g, '');
