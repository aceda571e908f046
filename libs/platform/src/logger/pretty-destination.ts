import type { DestinationStream } from 'pino';

const levels: Record<number, { label: string; color: number }> = {
  10: { label: 'TRACE', color: 90 },
  20: { label: 'DEBUG', color: 34 },
  30: { label: 'INFO', color: 32 },
  40: { label: 'WARN', color: 33 },
  50: { label: 'ERROR', color: 31 },
  60: { label: 'FATAL', color: 35 },
};

/** Fields every line has, shown in the prefix or left out (pid and hostname say nothing on a laptop). */
const prefixFields = new Set(['level', 'time', 'name', 'msg', 'pid', 'hostname', 'err', 'stack']);

type LogError = { type?: string; message?: string; stack?: string };

const paint = (color: boolean, code: number, text: string) =>
  color ? `\u001b[${code}m${text}\u001b[0m` : text;

const clock = (time: unknown) => {
  const at = new Date(typeof time === 'number' ? time : Date.now());
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
};

const valueText = (value: unknown) =>
  typeof value === 'string' && value !== '' && !/[\s"=]/.test(value)
    ? value
    : JSON.stringify(value);

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `    ${line.trim()}`)
    .join('\n');

/**
 * One pino JSON line as a person reads it: `12:04:05.120 INFO  gateway  gateway listening url=…`.
 * Stack traces are shown for errors only (level ≥ error); a warning names its cause in one line.
 */
export function formatPrettyLine(record: Record<string, unknown>, color = false): string {
  const level = levels[Number(record.level)] ?? { label: String(record.level), color: 0 };
  const parts = [
    paint(color, 2, clock(record.time)),
    paint(color, level.color, level.label.padEnd(5)),
    paint(color, 36, String(record.name ?? '')),
    String(record.msg ?? ''),
  ];
  for (const [key, value] of Object.entries(record)) {
    if (prefixFields.has(key) || value === undefined) continue;
    parts.push(`${paint(color, 2, `${key}=`)}${valueText(value)}`);
  }
  const err = record.err as LogError | undefined;
  if (err && typeof err === 'object') {
    parts.push(
      `${paint(color, 2, 'err=')}${valueText(`${err.type ?? 'Error'}: ${err.message ?? ''}`)}`,
    );
  }
  let line = parts.filter(Boolean).join(' ');
  const stack = err?.stack ?? (typeof record.stack === 'string' ? record.stack : undefined);
  if (stack && Number(record.level) >= 50) line += `\n${paint(color, 2, indent(stack))}`;
  return `${line}\n`;
}

/** A pino destination that writes the human format to `out` (stdout by default). */
export function prettyDestination(
  out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
  color = Boolean(out.isTTY) && !process.env.NO_COLOR,
): DestinationStream {
  return {
    write(line: string) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      out.write(formatPrettyLine(record, color));
    },
  };
}
