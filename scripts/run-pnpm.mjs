// `npm run build|bench|lint` entry: forwards its arguments to the pinned pnpm.
import { pnpm } from './pnpm.mjs';

process.exit(await pnpm(process.argv.slice(2)));
