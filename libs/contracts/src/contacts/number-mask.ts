/** Digits only: how phone numbers are stored and compared (groups keep their id as is). */
export const normaliseContactNumber = (number: string, isGroup = false): string =>
  isGroup ? number.trim() : number.replace(/\D/g, '');

/** lgpdHideNumber (spec 1 §5): every digit but the last 2 hidden; group numbers are never masked. */
export const maskContactNumber = (number: string, isGroup: boolean): string => {
  if (isGroup || number.length <= 2) return number;
  return '*'.repeat(number.length - 2) + number.slice(-2);
};
