// `switchboard`: the operators' command line (bin/switchboard.mjs runs this after the build).
import { runCli } from './cli.js';

const stopping = new AbortController();
// the first Ctrl+C stops following; a second one leaves at once
process.once('SIGINT', () => {
  stopping.abort();
  process.once('SIGINT', () => process.exit(130));
});
process.once('SIGTERM', () => stopping.abort());

try {
  process.exitCode = await runCli(process.argv.slice(2), {
    env: process.env,
    stop: stopping.signal,
    output: {
      tty: Boolean(process.stdout.isTTY),
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    },
  });
} catch (err) {
  process.stderr.write(
    `switchboard: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exitCode = 1;
}
// Everything is closed by now; a handle left open (a NATS reconnect timer) must not hold the exit.
setTimeout(() => process.exit(), 1_000).unref();
