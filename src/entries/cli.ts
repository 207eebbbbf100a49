#!/usr/bin/env node
/** Entry point of `payload-lab` (bundled as dist/cli.js): the engine, headless, in this process. */
import { main } from '../cli/main';

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
