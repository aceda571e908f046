import { parseCommand, UsageError } from './args.js';
import {
  eraseHelp,
  exportHelp,
  importHelp,
  mainHelp,
  moveHelp,
  operationsHelp,
  tenantHelp,
} from './help.js';

const usageOf = (argv: string[], env: Record<string, string> = {}) => {
  try {
    parseCommand(argv, env);
  } catch (err) {
    if (err instanceof UsageError) return { message: err.message, help: err.help };
    throw err;
  }
  throw new Error(`${argv.join(' ')} parsed`);
};

describe('the command line arguments', () => {
  it('answers the help of every level, as an option or a word', () => {
    expect(parseCommand(['--help'])).toEqual({ kind: 'help', text: mainHelp });
    expect(parseCommand(['-h'])).toEqual({ kind: 'help', text: mainHelp });
    expect(parseCommand(['tenant', '--help'])).toEqual({ kind: 'help', text: tenantHelp });
    expect(parseCommand(['tenant', 'help'])).toEqual({ kind: 'help', text: tenantHelp });
    expect(parseCommand(['tenant', 'erase', '--help'])).toEqual({ kind: 'help', text: eraseHelp });
    expect(parseCommand(['tenant', 'operations', '-h'])).toEqual({
      kind: 'help',
      text: operationsHelp,
    });
  });

  it('reads an erase, reason leave unless it says move, options in any order', () => {
    expect(parseCommand(['tenant', 'erase', '--company', '7', '--yes'])).toEqual({
      kind: 'erase',
      companyId: 7,
      reason: 'leave',
    });
    expect(parseCommand(['tenant', 'erase', '--yes', '--reason=move', '--company=12'])).toEqual({
      kind: 'erase',
      companyId: 12,
      reason: 'move',
    });
  });

  it('refuses an erase without --yes, without a valid company or reason', () => {
    expect(usageOf(['tenant', 'erase', '--company', '7']).message).toMatch(
      /cannot be undone.*--yes/,
    );
    expect(usageOf(['tenant', 'erase', '--yes'])).toEqual({
      message: '--company <id> is required',
      help: eraseHelp,
    });
    for (const company of ['0', '-3', 'acme', '1.5'])
      expect(usageOf(['tenant', 'erase', `--company=${company}`, '--yes']).message).toMatch(
        /--company takes/,
      );
    expect(
      usageOf(['tenant', 'erase', '--company', '7', '--yes', '--reason', 'gone']).message,
    ).toBe('--reason is leave or move, not "gone"');
    expect(usageOf(['tenant', 'erase', '--company', '7', '--yes', '--force']).help).toBe(eraseHelp);
    expect(usageOf(['tenant', 'erase', '7']).help).toBe(eraseHelp);
  });

  it('reads the operations, all or one by its UUID', () => {
    expect(parseCommand(['tenant', 'operations'])).toEqual({ kind: 'operations' });
    const id = '0b7c6a8e-2f4d-4c1a-9e3b-5d6f7a8b9c0d';
    expect(parseCommand(['tenant', 'operations', '--id', id])).toEqual({ kind: 'operations', id });
    expect(usageOf(['tenant', 'operations', '--id', '12']).help).toBe(operationsHelp);
  });

  it('names what is missing or unknown with the help of that level', () => {
    expect(usageOf([])).toEqual({ message: 'Name a command.', help: mainHelp });
    expect(usageOf(['company'])).toEqual({ message: 'Unknown command "company".', help: mainHelp });
    expect(usageOf(['tenant'])).toEqual({ message: 'Name a tenant command.', help: tenantHelp });
    expect(usageOf(['tenant', 'wipe'])).toEqual({
      message: 'Unknown command "tenant wipe".',
      help: tenantHelp,
    });
  });

  it('reads an export, the key from --key or SWITCHBOARD_BUNDLE_KEY', () => {
    const key = 'correct horse battery';
    expect(
      parseCommand(['tenant', 'export', '--company', '7', '--out', 'acme.swb', '--key', key]),
    ).toEqual({ kind: 'export', companyId: 7, out: 'acme.swb', key, force: false });
    expect(
      parseCommand(['tenant', 'export', '--company=7', '--out=a.swb', '--force'], {
        SWITCHBOARD_BUNDLE_KEY: key,
      }),
    ).toEqual({ kind: 'export', companyId: 7, out: 'a.swb', key, force: true });
    expect(parseCommand(['tenant', 'export', '-h'])).toEqual({ kind: 'help', text: exportHelp });
    expect(exportHelp).toContain('SWITCHBOARD_BUNDLE_KEY');
  });

  it('reads an abort of an export: the company alone, no file nor key', () => {
    expect(parseCommand(['tenant', 'export', '--company', '7', '--abort'], {})).toEqual({
      kind: 'abort',
      companyId: 7,
    });
    expect(usageOf(['tenant', 'export', '--abort'], {}).help).toBe(exportHelp);
  });

  it('refuses an export without a company, a file or a key long enough, never echoing the key', () => {
    const key = 'correct horse battery';
    expect(usageOf(['tenant', 'export', '--out', 'a.swb', '--key', key])).toEqual({
      message: '--company <id> is required',
      help: exportHelp,
    });
    expect(usageOf(['tenant', 'export', '--company', '7', '--key', key]).message).toBe(
      '--out <file> is required',
    );
    expect(usageOf(['tenant', 'export', '--company', '7', '--out', 'a.swb']).message).toBe(
      '--key <secret> (or SWITCHBOARD_BUNDLE_KEY) is required',
    );
    const short = usageOf(['tenant', 'export', '--company', '7', '--out', 'a', '--key', 'hunter2']);
    expect(short.message).toBe('the bundle key takes 12 to 1024 characters, not 7');
    expect(short.message).not.toContain('hunter2');
    expect(
      usageOf(['tenant', 'export', '--company', 'x', '--out', 'a', '--key', key]).message,
    ).toMatch(/--company takes/);
  });

  it('reads an import with an optional name and target', () => {
    const env = { SWITCHBOARD_BUNDLE_KEY: 'correct horse battery' };
    expect(parseCommand(['tenant', 'import', '--file', 'a.swb'], env)).toEqual({
      kind: 'import',
      file: 'a.swb',
      key: env.SWITCHBOARD_BUNDLE_KEY,
    });
    expect(
      parseCommand(
        ['tenant', 'import', '--file', 'a.swb', '--name', ' Acme 2 ', '--to', 't.env'],
        env,
      ),
    ).toMatchObject({ name: 'Acme 2', to: 't.env' });
    expect(usageOf(['tenant', 'import', '--file', 'a.swb', '--name', ' '], env)).toEqual({
      message: '--name takes 1 to 255 characters',
      help: importHelp,
    });
    expect(usageOf(['tenant', 'import', 'a.swb'], env).help).toBe(importHelp);
  });

  it('reads a move: the company, the target file and the key', () => {
    const env = { SWITCHBOARD_BUNDLE_KEY: 'correct horse battery' };
    expect(parseCommand(['tenant', 'move', '--company', '7', '--to', 'target.env'], env)).toEqual({
      kind: 'move',
      companyId: 7,
      to: 'target.env',
      key: env.SWITCHBOARD_BUNDLE_KEY,
    });
    expect(usageOf(['tenant', 'move', '--company', '7'], env)).toEqual({
      message: '--to <file> is required',
      help: moveHelp,
    });
    expect(
      usageOf(['tenant', 'move', '--company', '7', '--to', 't.env', '--abort'], env).help,
    ).toBe(moveHelp);
  });
});
