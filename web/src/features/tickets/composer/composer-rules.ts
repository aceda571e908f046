/** Quick replies offered while the composer text starts with "/": shortcodes containing the rest. */
export const filterQuickReplies = <T extends { shortcode: string }>(
  text: string,
  replies: T[],
): T[] => {
  if (!text.startsWith('/')) return [];
  const term = text.slice(1).toLowerCase();
  return replies.filter((r) => r.shortcode.toLowerCase().includes(term));
};

/**
 * What the composer sends: the trimmed text (null when empty, which is never sent) and whether the
 * server adds the `*Name:*` signature (contract `signMessage`; never on private notes).
 */
export const composeBody = (
  text: string,
  opts: { sign: boolean; isPrivate: boolean },
): { body: string; signMessage: boolean } | null => {
  const body = text.trim();
  if (!body) return null;
  return { body, signMessage: opts.sign && !opts.isPrivate };
};

/** Quick reply label: the message cut at 35 characters (spec 1 §9). */
export const quickReplyLabel = (message: string): string =>
  message.length > 35 ? `${message.slice(0, 35)}...` : message;

export const MinAudioBytes = 10_000;

/** Audio recordings under 10,000 bytes are discarded, never sent (spec 1 §5). */
export const keepsRecording = (size: number): boolean => size >= MinAudioBytes;
