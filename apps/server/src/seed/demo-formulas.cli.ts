// `npm run build`'s step after the initdb copy (scripts/build.mjs): the demo seed's formulas, rendered
// once and kept beside the build (seed/demo-formulas.ts).
import path from 'node:path';
import { DEMO_FORMULAS_FILE, writeDemoFormulas } from './demo-formulas';

const count = await writeDemoFormulas();
console.log(`${count} demo formulas rendered to ${path.relative(process.cwd(), DEMO_FORMULAS_FILE)}`);
// The renderer's idle workers would keep the process alive for their idle time.
process.exit(0);
