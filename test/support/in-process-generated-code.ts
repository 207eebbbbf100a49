/**
 * Imported (for its effect) by the tests that prepare codecs of generated code in the test
 * process itself, on the suite's own fixture schemas: the test process is no sandbox, and these
 * tests check the glue, not the sandbox (test/unit/sandbox-*.test.ts do, through real children).
 */
import { allowUnsandboxedLoadsInThisProcess } from '../../src/codegen/load-generated';

allowUnsandboxedLoadsInThisProcess('the test suite prepares codecs of its own fixture schemas in-process');
