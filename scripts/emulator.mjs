// `npm run emulator`: the quiet build, then the channel emulator in this process (see scripts/start.mjs).
import { quietBuild } from './quiet-build.mjs';

await quietBuild();
await import('../libs/testing/dist/emulator/main.js');
