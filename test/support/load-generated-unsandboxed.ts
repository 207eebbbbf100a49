/**
 * The control of the sandbox tests: the same generated module, loaded by the same loader, in a
 * process that is no sandbox (the test suite's escape hatch set). Whatever the module does there
 * happens; prints the error it ends with. Usage: node --import tsx THIS FOLDER FILE
 */
import './in-process-generated-code';
import { GeneratedModules } from '../../src/codegen/load-generated';

const [folder, file] = process.argv.slice(2);
try {
  new GeneratedModules(folder!, {}).require(file!);
  console.log('loaded');
} catch (error) {
  console.log(error instanceof Error ? error.message : String(error));
}
