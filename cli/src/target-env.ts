// The configuration of another Switchboard (a move's target), from a file of KEY=VALUE lines.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './args.js';
import { chooseTransport } from './transport/operator-transport.js';

/**
 * A .env file's variables: `KEY=VALUE` lines, `export ` allowed before the key, `#` comments and
 * blank lines skipped, a value in single or double quotes taken as written inside them.
 */
export function parseEnvFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) throw new UsageError(`line ${index + 1} is not KEY=VALUE`);
    const [, name, rest] = match as unknown as [string, string, string];
    const quoted = /^(["'])(.*)\1$/.exec(rest);
    // an unquoted value ends at a comment
    vars[name] = quoted ? quoted[2]! : rest.replace(/\s+#.*$/, '').trim();
  }
  return vars;
}

/** Where a Switchboard's configuration points: its bus or socket, for telling two apart. */
const whereOf = (env: Record<string, string | undefined>, root?: string) => {
  const choice = chooseTransport(env, root);
  return choice.kind === 'nats'
    ? `nats ${choice.url} ${choice.namespace ?? ''}`
    : `socket ${choice.socketPath}`;
};

/**
 * The target's variables from `file`, its disk paths made absolute against the file's folder. Refused
 * when it names no Switchboard (neither NATS_URL nor DATA_DIR) or the one `here` names.
 */
export async function loadTargetEnv(
  file: string,
  here: Record<string, string | undefined>,
): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(`--to: cannot read ${file}: ${(err as Error).message}`);
  }
  let vars: Record<string, string>;
  try {
    vars = parseEnvFile(text);
  } catch (err) {
    throw new UsageError(`--to: ${file}: ${(err as Error).message}`);
  }
  const folder = path.dirname(path.resolve(file));
  for (const name of ['DATA_DIR', 'MEDIA_DIR'] as const) {
    if (vars[name]?.trim()) vars[name] = path.resolve(folder, vars[name].trim());
  }
  if (!vars.NATS_URL?.trim() && !vars.DATA_DIR) {
    throw new UsageError(
      `--to: ${file} names no Switchboard: set NATS_URL (and NATS_NAMESPACE), or the DATA_DIR of an \`npm start\``,
    );
  }
  if (whereOf(vars) === whereOf(here)) {
    throw new UsageError(`--to: ${file} names this same Switchboard (${whereOf(vars)})`);
  }
  return vars;
}
