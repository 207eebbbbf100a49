/**
 * Imports and includes resolve only under the schema's folder and the include paths given: an
 * absolute name or one that climbs with `..` is refused at its statement, before anything is
 * read; an error inside an imported file is reported at that file's own line and column.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { providedSchemaFrom } from '../../src/cli/schema-options';
import { checkProvidedSchema } from '../../src/schema/provided-schema';
import { SchemaInputError } from '../../src/schema/schema-problem';
import { checkFormatSchema } from '../../src/codecs/zero-copy/user/user-schema';
import { CAPNP } from '../../src/codegen/zero-copy-tools';
import { missingTools } from '../support/codegen-tools';

/** A folder of files (name → text), removed after `use`. */
async function inFolder<T>(files: Record<string, string>, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-imports-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    }
    return await use(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const HEAD = 'syntax = "proto3";\n';
const MESSAGE = 'message M { int32 a = 1; }\n';

async function refusal(file: string, extra: Record<string, string[]> = {}): Promise<SchemaInputError> {
  const error = await providedSchemaFrom({ proto: file, ...extra }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof SchemaInputError, `a SchemaInputError, got ${String(error)}`);
  return error;
}

for (const [name, why] of [
  ['/etc/passwd', /it is an absolute name/],
  ['../../../../../../../../etc/hostname', /climbs out of its folder with "\.\."/],
  ['sub/../../x.proto', /climbs/],
] as const) {
  test(`import "${name}" is refused at its statement, saying why and what to do, and nothing is read`, async () => {
    await inFolder({ 'schema/main.proto': `${HEAD}\n  import "${name}";\n${MESSAGE}` }, async (dir) => {
      const main = path.join(dir, 'schema', 'main.proto');
      const error = await refusal(main);
      assert.equal(error.path, main);
      assert.deepEqual([error.problem.line, error.problem.column], [3, 11]);
      assert.match(error.problem.message, why);
      assert.match(error.problem.message, /write the name relative to one of them/);
      assert.doesNotMatch(error.message, /root|illegal token/);
    });
  });
}

test('a weak import outside the folders is refused too, from an imported file at its own line', async () => {
  await inFolder(
    { 'main.proto': `${HEAD}import "lib/a.proto";\n${MESSAGE}`, 'lib/a.proto': `${HEAD}\nimport weak "../../etc/passwd";\nmessage A {}\n` },
    async (dir) => {
      const error = await refusal(path.join(dir, 'main.proto'));
      assert.equal(error.path, path.join(dir, 'lib', 'a.proto'));
      assert.deepEqual([error.problem.line, error.problem.column], [3, 14]);
    },
  );
});

test('imports under the schema folder and the include paths given still resolve', async () => {
  await inFolder(
    {
      'schema/main.proto': `${HEAD}import "sub/a.proto";\nimport "shared/b.proto";\nmessage M { A a = 1; B b = 2; }\n`,
      'schema/sub/a.proto': `${HEAD}message A {}\n`,
      'include/shared/b.proto': `${HEAD}message B {}\n`,
    },
    async (dir) => {
      const provided = await providedSchemaFrom({ proto: path.join(dir, 'schema', 'main.proto'), 'proto-path': [path.join(dir, 'include')] });
      assert.deepEqual(
        Object.keys(provided?.imports ?? {}).sort(),
        [path.join(dir, 'include', 'shared', 'b.proto'), path.join(dir, 'schema', 'sub', 'a.proto')].sort(),
      );
      assert.equal(checkProvidedSchema(provided!), undefined);
    },
  );
});

test('an error inside an imported file is reported at that file, line and column', async () => {
  await inFolder({ 'main.proto': `${HEAD}import "bad.proto";\n${MESSAGE}`, 'bad.proto': `${HEAD}\nmessage B { int32 a = ; }\n` }, async (dir) => {
    const provided = await providedSchemaFrom({ proto: path.join(dir, 'main.proto') });
    const failure = checkProvidedSchema(provided!);
    assert.equal(failure?.path, path.join(dir, 'bad.proto'));
    assert.deepEqual([failure?.problem.line, failure?.problem.column], [3, 23]);
  });
});

test('an include of a .fbs, or an import or embed of a .capnp or .bop, outside its folder is refused at its statement', async () => {
  const cases: Array<[Parameters<typeof checkFormatSchema>[0], number, number]> = [
    [{ language: 'fbs', path: 'a.fbs', source: '// a comment: include "/etc/shadow";\ninclude "/etc/hostname";\ntable T { a:int; }\nroot_type T;\n' }, 2, 10],
    [{ language: 'fbs', path: 'b.fbs', source: 'include "../../etc/hostname";\ntable T { a:int; }\nroot_type T;\n' }, 1, 10],
    [{ language: 'capnp', path: 'c.capnp', source: '@0xd7e6ba8c8c4b0f71;\n# import "../x"\nconst secret :Data = embed "../../../etc/passwd";\n' }, 3, 29],
    [{ language: 'bop', path: 'd.bop', source: 'import "/etc/passwd"\nstruct S { int32 a; }\n' }, 1, 9],
  ];
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-includes-'));
  try {
    for (const [file, line, column] of cases) {
      const problem = await checkFormatSchema(file, { cacheDir });
      assert.deepEqual([problem?.line, problem?.column], [line, column], `${file.path}: ${problem?.message}`);
      assert.match(problem?.message ?? '', /is not read: .*given to its tool alone/);
    }
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
});

test("Cap'n Proto's own absolute imports (its import folders) still work with the real capnp", async (t) => {
  const missing = await missingTools([CAPNP]);
  if (missing) return t.skip(missing);
  const source = '@0xd7e6ba8c8c4b0f71;\nusing Cxx = import "/capnp/c++.capnp";\n$Cxx.namespace("demo");\nstruct S { a @0 :Int32; }\n';
  const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payload-lab-includes-'));
  try {
    assert.equal(await checkFormatSchema({ language: 'capnp', path: 's.capnp', source }, { cacheDir }), undefined);
  } finally {
    fs.rmSync(cacheDir, { recursive: true, force: true });
  }
});
