// Counts fs.fsyncSync calls (DurableNodeFS's flush at each PGlite commit). Import it before the app's
// database client is loaded: the wrapper must be in place when PGlite's filesystem binds to `fs`.
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

let calls = 0;
const fsyncSync = fs.fsyncSync;
fs.fsyncSync = (fd: number) => {
  calls++;
  fsyncSync(fd);
};
syncBuiltinESMExports();

export const fsyncs = {
  get count(): number {
    return calls;
  },
  reset(): void {
    calls = 0;
  },
};
