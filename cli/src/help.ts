// What `--help` prints, command by command. Kept beside the parser, which shows the matching text on
// a bad argument.

const where = `Where it acts:
  NATS_URL set      on that platform's bus (NATS_NAMESPACE as the services use it)
  NATS_URL unset    on the \`npm start\` of this checkout, through <DATA_DIR>/operator.sock
                    (DATA_DIR as \`npm start\` reads it, default ./.data of the repository)`;

const exitCodes = `Exit codes: 0 done, 1 failed (or no Switchboard to act on), 2 bad arguments.`;

const storage = `Object storage (where bundles go in and out): as the services read it, S3_ENDPOINT (with
S3_ACCESS_KEY, S3_SECRET_KEY, S3_BUCKET...) or else the disk under MEDIA_DIR, default <DATA_DIR>/media
of the \`npm start\` of this checkout.`;

const keyOption = `  --key <secret>      the bundle's key, 12 to 1024 characters; or set SWITCHBOARD_BUNDLE_KEY
                      instead, which keeps it out of the shell's history. Nobody can recover it:
                      without it the bundle cannot be imported`;

export const mainHelp = `Usage: switchboard <command> [options]

The operators' command line of Switchboard.

Commands:
  tenant export       write a company to one encrypted file
  tenant import       add the company in such a file to this Switchboard
  tenant move         export a company, import it on another Switchboard, erase it here
  tenant erase        erase a company's data in every service
  tenant operations   list the tenant operations, or show one

Options:
  -h, --help          this help; after a command, that command's

${where}

In a terminal it draws progress and tables; otherwise it writes one JSON object per line.
${exitCodes}
`;

export const tenantHelp = `Usage: switchboard tenant <command> [options]

Commands:
  export --company <id> --out <file> --key <secret> [--force]
                      write a company (rows, media, WhatsApp sessions) to one encrypted file
  import --file <file> --key <secret> [--name <name>] [--to <env file>]
                      add the company in a bundle as a new company, printing its id
  move --company <id> --to <env file> --key <secret> [--bundle <file>]
                      export here, import there, erase here; reports the company's downtime
  erase --company <id> --yes [--reason leave|move]
                      erase a company's data in every service, with a report of what went
  operations [--id <uuid>]
                      list the tenant operations (newest 100), or show one

Run \`switchboard tenant <command> --help\` for a command's options.
`;

export const eraseHelp = `Usage: switchboard tenant erase --company <id> --yes [--reason leave|move]

Erases a company: it is switched off and its sessions end at once, then campaigns, connectors,
tickets, reporting and identity forget its data in turn. Invoices and the audit log are kept.
Asked again for a company whose erase failed, it resumes at the step that failed.

Options:
  --company <id>      the company's id (company 1, the platform's own, is never erased)
  --yes               required: the erase cannot be undone
  --reason <reason>   leave (default): it leaves for good, its WhatsApp sessions are logged out;
                      move: it moved to another installation, its sessions are only stopped
  -h, --help          this help

Progress: a bar in a terminal, else one JSON line per change; then what was removed, per service
and table, with the storage objects and sessions.
${exitCodes}
`;

export const operationsHelp = `Usage: switchboard tenant operations [--id <uuid>]

Lists the tenant operations, newest first (100 at most): a table in a terminal, else one JSON line
per operation. With --id, that one operation with its steps and their reports.

Options:
  --id <uuid>         one operation
  -h, --help          this help
`;

export const exportHelp = `Usage: switchboard tenant export --company <id> --out <file> --key <secret> [--force]
       switchboard tenant export --company <id> --abort

Exports a company into one bundle: every service's rows of it, its media and its WhatsApp sessions'
keys, encrypted with your key. While the export runs the company is in maintenance. When done, the
bundle is copied from object storage to --out (whole or not at all) and its size printed.

Options:
  --company <id>      the company's id (company 1, the platform's own, is never exported)
  --out <file>        where the bundle goes; an existing file is kept unless --force
${keyOption}
  --force             replace --out if it exists
  --abort             stop the company's running export (or give up the move that holds it in
                      maintenance): it works again at once, and what the export wrote is removed
  -h, --help          this help

Progress: a bar in a terminal, else one JSON line per change; then what each service exported and
{ operation, companyId, file, bytes } as the last JSON line. Ctrl+C stops following only: the export
goes on (stop it with --abort).

${storage}

${exitCodes}
`;

export const importHelp = `Usage: switchboard tenant import --file <file> --key <secret> [--name <name>] [--to <env file>]

Adds the company of a bundle (written by \`tenant export\`, by this version or an earlier one) as a
new company: new ids, the same users, passwords, media and WhatsApp sessions (no new QR scan). The
file is put in object storage, checked whole (a wrong key, an altered or a truncated file is refused
before anything is written), then every service imports its part. Importing the same bundle again
adds nothing: it answers the same company.

Options:
  --file <file>       the bundle
${keyOption}
  --name <name>       the name the company takes here (default: the one in the bundle)
  --to <env file>     import into the Switchboard that file configures (as for \`tenant move\`)
                      instead of the one the environment names
  -h, --help          this help

The copy put in object storage is removed once the import is done, or when the bundle is refused;
when a later step fails it is kept, so that asking again with the same file goes on from it without
a second upload.
Prints the new company's id: a sentence in a terminal, else { companyId, operation } as the last
JSON line.

${storage}

${exitCodes}
`;

export const moveHelp = `Usage: switchboard tenant move --company <id> --to <env file> --key <secret> [--bundle <file>]

Moves a company to another Switchboard: exports it here (from then on it is in maintenance), imports
the bundle there, then erases it here with reason move (its WhatsApp sessions are stopped, never
logged out: they go on from the target without a new QR scan). Reports the company's downtime, from
the export's start to the import's end, and each phase's duration.

The company stays fenced here from the export on. If the import fails it is NOT erased here: the
move is given up and the company works here again (run the move again once the target is fixed).

Options:
  --company <id>      the company's id here
  --to <env file>     the target's configuration, KEY=VALUE lines as in a .env file: NATS_URL and
                      NATS_NAMESPACE (or, without NATS_URL, the DATA_DIR of an \`npm start\`), and
                      its object storage (S3_* or MEDIA_DIR/DATA_DIR). Only that file counts: none
                      of this environment's variables. Relative paths are read from the file's folder
${keyOption}
  --bundle <file>     keep the bundle there (default: a temporary file, removed once imported)
  -h, --help          this help

${exitCodes}
`;
