// Builds the web app and the server bundle if their sources changed (used before browser tests).
import { buildIfNeeded } from './lib.mjs';

process.exit((await buildIfNeeded()) ? 0 : 1);
