// `npm start`: the whole platform in one process, for a laptop or a demo.
import 'reflect-metadata';
import { createLogger } from '@sb/platform/logger';
import { installProcessGuards } from '@sb/platform/nest';
import { startStandalone } from './standalone.js';
import { startFailure } from './start-failure.js';

/** Signals closer than this are one Ctrl+C (the terminal's and npm's forwarded copy). */
const SameCtrlCMs = 1_000;

function main(): void {
  // A stray rejection is logged, never a crash: the request it belonged to has had its answer.
  installProcessGuards(createLogger('standalone'));

  // the one process serves its ops port (METRICS_PORT) besides the web app and the API
  const starting = startStandalone({ serveOps: true });

  // Listening from the start: a Ctrl+C while services start still stops everything in order.
  let stopping = false;
  let firstSignalAt = 0;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // Under `npm start` one Ctrl+C arrives twice: from the terminal and forwarded by npm.
      if (Date.now() - firstSignalAt < SameCtrlCMs) return;
      // A second Ctrl+C while shutting down: give up waiting.
      process.exit(130);
    }
    stopping = true;
    firstSignalAt = Date.now();
    process.stdout.write(`\n${signal}: stopping Switchboard…\n`);
    // A stuck dependency must not keep the process alive forever.
    setTimeout(() => process.exit(1), 20_000).unref();
    starting
      .then((standalone) => standalone.close())
      .then(
        () => {
          process.stdout.write('Switchboard stopped.\n');
          process.exit(0);
        },
        (error: unknown) => {
          process.stderr.write(`Shutdown failed: ${String(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);

  starting.then(
    (standalone) => {
      if (!stopping) process.stdout.write(standalone.banner);
    },
    (error: unknown) => {
      process.stderr.write(`Switchboard could not start: ${startFailure(error)}\n`);
      process.exit(1);
    },
  );
}

main();
