// `npm start`: the quiet build, then the standalone app in this very process. package.json runs it with
// `exec`, so the shell npm starts is replaced by this process: Ctrl+C reaches the app, which stops in
// order and exits 0 (a shell in between dies of the SIGINT at once, and npm then reports 130).
import { quietBuild } from './quiet-build.mjs';

await quietBuild();
await import('../standalone/dist/main.js');
