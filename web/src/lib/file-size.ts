/** A size for people: bytes, kB, MB or GB in the interface's language. */
export const fileSizeLabel = (bytes: number, language: string): string => {
  const [value, unit] =
    bytes >= 1_000_000_000
      ? [bytes / 1_000_000_000, 'gigabyte']
      : bytes >= 1_000_000
        ? [bytes / 1_000_000, 'megabyte']
        : bytes >= 1000
          ? [bytes / 1000, 'kilobyte']
          : [bytes, 'byte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
};
