import { parseArgs, type ParseArgsConfig } from 'node:util';
import { TenantEraseReasons, type TenantEraseReason } from '@sb/contracts';
import {
  eraseHelp,
  exportHelp,
  importHelp,
  mainHelp,
  moveHelp,
  operationsHelp,
  tenantHelp,
} from './help.js';

/** What the command line was asked to do. */
export type Command =
  | { kind: 'help'; text: string }
  | { kind: 'erase'; companyId: number; reason: TenantEraseReason }
  | { kind: 'operations'; id?: string }
  | { kind: 'export'; companyId: number; out: string; key: string; force: boolean }
  | { kind: 'abort'; companyId: number }
  | { kind: 'import'; file: string; key: string; name?: string; to?: string }
  | { kind: 'move'; companyId: number; to: string; key: string; bundle?: string };

/** Where `--key` may come from instead, so that it stays out of the shell's history. */
export const BundleKeyVariable = 'SWITCHBOARD_BUNDLE_KEY';
/** The bundle key's bounds, as identity checks them (CompanyExportRequest). */
const BundleKeyMinChars = 12;
const BundleKeyMaxChars = 1024;

/** A command line that asks nothing valid: its message, and the help to show with it (exit 2). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly help?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

const isHelp = (word: string | undefined) => word === '--help' || word === '-h' || word === 'help';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** node's own parser, its errors (an unknown option, a missing value) as usage errors. */
function options(
  args: string[],
  spec: NonNullable<ParseArgsConfig['options']>,
  help: string,
): Record<string, string | boolean | undefined> {
  try {
    return parseArgs({
      args,
      options: { ...spec, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }).values as Record<string, string | boolean | undefined>;
  } catch (err) {
    throw new UsageError((err as Error).message, help);
  }
}

/** `--company`: required, a positive id. */
function companyOf(values: Record<string, string | boolean | undefined>, help: string): number {
  const company = values.company as string | undefined;
  if (company === undefined) throw new UsageError('--company <id> is required', help);
  const companyId = /^\d+$/.test(company) ? Number(company) : NaN;
  if (!Number.isSafeInteger(companyId) || companyId < 1) {
    throw new UsageError(
      `--company takes a company's id (a positive number), not "${company}"`,
      help,
    );
  }
  return companyId;
}

/** A required path option, not empty. */
function pathOf(
  values: Record<string, string | boolean | undefined>,
  name: string,
  help: string,
): string {
  const value = (values[name] as string | undefined)?.trim();
  if (!value) throw new UsageError(`--${name} <file> is required`, help);
  return value;
}

/** The bundle's key: --key, else SWITCHBOARD_BUNDLE_KEY; never echoed in a message. */
function keyOf(
  values: Record<string, string | boolean | undefined>,
  env: Record<string, string | undefined>,
  help: string,
): string {
  const key = (values.key as string | undefined) ?? env[BundleKeyVariable];
  if (key === undefined || key === '') {
    throw new UsageError(`--key <secret> (or ${BundleKeyVariable}) is required`, help);
  }
  if (key.length < BundleKeyMinChars || key.length > BundleKeyMaxChars) {
    throw new UsageError(
      `the bundle key takes ${BundleKeyMinChars} to ${BundleKeyMaxChars} characters, not ${key.length}`,
      help,
    );
  }
  return key;
}

function parseErase(args: string[]): Command {
  const values = options(
    args,
    { company: { type: 'string' }, yes: { type: 'boolean' }, reason: { type: 'string' } },
    eraseHelp,
  );
  if (values.help) return { kind: 'help', text: eraseHelp };
  const companyId = companyOf(values, eraseHelp);
  const reason = (values.reason as string | undefined) ?? 'leave';
  if (!(TenantEraseReasons as readonly string[]).includes(reason)) {
    throw new UsageError(
      `--reason is ${TenantEraseReasons.join(' or ')}, not "${reason}"`,
      eraseHelp,
    );
  }
  if (!values.yes) {
    throw new UsageError(
      `Erasing company ${companyId} removes its data in every service and cannot be undone. ` +
        'Add --yes to go ahead.',
    );
  }
  return { kind: 'erase', companyId, reason: reason as TenantEraseReason };
}

function parseOperations(args: string[]): Command {
  const values = options(args, { id: { type: 'string' } }, operationsHelp);
  if (values.help) return { kind: 'help', text: operationsHelp };
  const id = values.id as string | undefined;
  if (id !== undefined && !uuid.test(id)) {
    throw new UsageError(`--id takes an operation's id (a UUID), not "${id}"`, operationsHelp);
  }
  return id === undefined ? { kind: 'operations' } : { kind: 'operations', id };
}

function parseExport(args: string[], env: Record<string, string | undefined>): Command {
  const values = options(
    args,
    {
      company: { type: 'string' },
      out: { type: 'string' },
      key: { type: 'string' },
      force: { type: 'boolean' },
      abort: { type: 'boolean' },
    },
    exportHelp,
  );
  if (values.help) return { kind: 'help', text: exportHelp };
  if (values.abort) return { kind: 'abort', companyId: companyOf(values, exportHelp) };
  return {
    kind: 'export',
    companyId: companyOf(values, exportHelp),
    out: pathOf(values, 'out', exportHelp),
    key: keyOf(values, env, exportHelp),
    force: values.force === true,
  };
}

function parseImport(args: string[], env: Record<string, string | undefined>): Command {
  const values = options(
    args,
    {
      file: { type: 'string' },
      key: { type: 'string' },
      name: { type: 'string' },
      to: { type: 'string' },
    },
    importHelp,
  );
  if (values.help) return { kind: 'help', text: importHelp };
  const file = pathOf(values, 'file', importHelp);
  const key = keyOf(values, env, importHelp);
  const name = values.name as string | undefined;
  if (name !== undefined && (name.trim() === '' || name.trim().length > 255)) {
    throw new UsageError('--name takes 1 to 255 characters', importHelp);
  }
  const to = values.to === undefined ? undefined : pathOf(values, 'to', importHelp);
  return {
    kind: 'import',
    file,
    key,
    ...(name !== undefined ? { name: name.trim() } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

function parseMove(args: string[], env: Record<string, string | undefined>): Command {
  const values = options(
    args,
    {
      company: { type: 'string' },
      to: { type: 'string' },
      key: { type: 'string' },
      bundle: { type: 'string' },
    },
    moveHelp,
  );
  if (values.help) return { kind: 'help', text: moveHelp };
  const companyId = companyOf(values, moveHelp);
  const to = pathOf(values, 'to', moveHelp);
  const key = keyOf(values, env, moveHelp);
  const bundle = values.bundle === undefined ? undefined : pathOf(values, 'bundle', moveHelp);
  return { kind: 'move', companyId, to, key, ...(bundle !== undefined ? { bundle } : {}) };
}

/**
 * The command `argv` (without node and the script) asks for; a UsageError when it asks none. `env`
 * gives what an option may come from instead (the bundle key).
 */
export function parseCommand(
  argv: string[],
  env: Record<string, string | undefined> = {},
): Command {
  const [group, command, ...rest] = argv;
  if (group === undefined) throw new UsageError('Name a command.', mainHelp);
  if (isHelp(group)) return { kind: 'help', text: mainHelp };
  if (group !== 'tenant') throw new UsageError(`Unknown command "${group}".`, mainHelp);
  if (command === undefined) throw new UsageError('Name a tenant command.', tenantHelp);
  if (isHelp(command)) return { kind: 'help', text: tenantHelp };
  if (command === 'erase') return parseErase(rest);
  if (command === 'operations') return parseOperations(rest);
  if (command === 'export') return parseExport(rest, env);
  if (command === 'import') return parseImport(rest, env);
  if (command === 'move') return parseMove(rest, env);
  throw new UsageError(`Unknown command "tenant ${command}".`, tenantHelp);
}
