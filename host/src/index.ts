// With Module Federation's asyncStartup the shared modules are ready before this runs.
import { boot } from './boot';

void boot();
