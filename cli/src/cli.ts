import type { ObjectStorage } from '@sb/storage';
import { parseCommand, UsageError, type Command } from './args.js';
import { openStorage, storageTarget } from './bundle-files.js';
import { abortCommand, eraseCommand, operationsCommand } from './commands.js';
import type { Output } from './render.js';
import { loadTargetEnv } from './target-env.js';
import { exportCommand, importCommand, moveCommand, type Installation } from './transfer.js';
import {
  NoPlatformError,
  openTransport,
  type OperatorTransport,
} from './transport/operator-transport.js';

export type CliOptions = {
  env: Record<string, string | undefined>;
  output: Output;
  /** Ctrl+C: a command stops following what it started */
  stop: AbortSignal;
  /** the transport to use; by default the one the environment names */
  open?: (env: Record<string, string | undefined>) => Promise<OperatorTransport>;
  /** the object storage to use; by default the one the environment names (bundle-files.ts) */
  storage?: (env: Record<string, string | undefined>) => Promise<ObjectStorage>;
};

type Env = Record<string, string | undefined>;

/** Reaches one Switchboard: its transport, then its storage (closing the transport if that fails). */
async function reach(env: Env, options: CliOptions): Promise<Installation> {
  const transport = await (options.open ?? openTransport)(env);
  try {
    const storage = await (options.storage ?? openStorage)(env);
    return { transport, storage, storageTarget: storageTarget(env) };
  } catch (err) {
    await transport.close();
    throw new NoPlatformError(`Cannot open the object storage: ${(err as Error).message}`);
  }
}

/** Export, import and move: the commands that move bundles through object storage. */
async function runTransfer(
  command: Extract<Command, { kind: 'export' | 'import' | 'move' }>,
  options: CliOptions,
): Promise<number> {
  const transferOptions = { output: options.output, stop: options.stop };
  // a move's target first: a bad file is refused before anything is asked here
  const to = command.kind === 'export' ? undefined : command.to;
  const targetEnv = to === undefined ? undefined : await loadTargetEnv(to, options.env);
  const reachTarget = async () => {
    try {
      return await reach(targetEnv!, options);
    } catch (err) {
      if (err instanceof NoPlatformError) {
        throw new NoPlatformError(`The target (${to}): ${err.message}`);
      }
      throw err;
    }
  };
  if (command.kind === 'import') {
    const there = targetEnv ? await reachTarget() : await reach(options.env, options);
    try {
      return await importCommand(there, transferOptions, command);
    } finally {
      await there.transport.close();
    }
  }
  const here = await reach(options.env, options);
  try {
    if (command.kind === 'export') return await exportCommand(here, transferOptions, command);
    const there = await reachTarget();
    try {
      return await moveCommand(here, { ...there, to: command.to }, transferOptions, command);
    } finally {
      await there.transport.close();
    }
  } finally {
    await here.transport.close();
  }
}

/** An error the platform answered (an AppError crossing the bus or the socket): its message and code. */
const describe = (err: unknown): string | undefined => {
  const { code, message } = err as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string'
    ? `${message} (${code})`
    : undefined;
};

/** Runs one command line (without node and the script) and answers its exit code. */
export async function runCli(argv: string[], options: CliOptions): Promise<number> {
  const { output } = options;
  let command: Command;
  try {
    command = parseCommand(argv, options.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    output.err(`switchboard: ${err.message}\n${err.help ? `\n${err.help}` : ''}`);
    return 2;
  }
  if (command.kind === 'help') {
    output.out(command.text);
    return 0;
  }

  if (command.kind === 'export' || command.kind === 'import' || command.kind === 'move') {
    try {
      return await runTransfer(command, options);
    } catch (err) {
      if (err instanceof UsageError) {
        output.err(`switchboard: ${err.message}\n`);
        return 2;
      }
      if (err instanceof NoPlatformError) {
        output.err(`switchboard: ${err.message}\n`);
        return 1;
      }
      const described = describe(err);
      if (!described) throw err;
      output.err(`switchboard: ${described}\n`);
      return 1;
    }
  }

  let transport: OperatorTransport;
  try {
    transport = await (options.open ?? openTransport)(options.env);
  } catch (err) {
    if (!(err instanceof NoPlatformError)) throw err;
    output.err(`switchboard: ${err.message}\n`);
    return 1;
  }
  try {
    if (command.kind === 'erase') {
      return await eraseCommand(transport, output, command, options.stop);
    }
    if (command.kind === 'abort') return await abortCommand(transport, output, command);
    return await operationsCommand(transport, output, command);
  } catch (err) {
    const described = describe(err);
    if (!described) throw err;
    output.err(`switchboard: ${described}\n`);
    return 1;
  } finally {
    await transport.close();
  }
}
