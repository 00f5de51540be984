/**
 * src/build/on-demand-module.ts, checked by building a small project with Vite as installed: the page's script gets
 * the addresses of the module's file and of every file it imports, as they are written, and no preload helper; a
 * plain `import('…')` of the same module still gets Vite's helper, which is why the plugin exists. The day that
 * upstream test fails, Vite leaves such an import alone: drop the plugin and import the module plainly.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { onDemandModules } from '../../src/build/on-demand-module.ts';

let project: string;

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'watoto-on-demand-'));
  const files: Record<string, string> = {
    // The module asked for imports one file of its own and one the page shares, which imports another.
    'map.ts': `import { shared } from './shared.ts'; import { deep } from './deep.ts';
      export const draw = () => shared() + deep();`,
    'deep.ts': `export const deep = () => 'deep:' + String(Math.random());`,
    'shared.ts': `import { leaf } from './leaf.ts'; export const shared = () => 'shared:' + leaf();`,
    'leaf.ts': `export const leaf = () => String(Date.now());`,
    'other.ts': `import { shared } from './shared.ts'; console.log(shared());`,
    'page.ts': `import { files } from 'virtual:on-demand/map';
      document.body.addEventListener('click', async () => {
        const { draw } = await import(/* @vite-ignore */ files[0]);
        console.log(files, draw());
      });`,
    'plain.ts': `document.body.addEventListener('click', async () => console.log((await import('./map.ts')).draw()));`,
  };
  for (const [name, text] of Object.entries(files)) await writeFile(join(project, name), text);
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** The chunks of a client build of `inputs`, by file name. */
async function chunks(inputs: string[]): Promise<Map<string, Rolldown.OutputChunk>> {
  const output = (await build({
    root: project,
    logLevel: 'silent',
    configFile: false,
    plugins: [onDemandModules({ map: 'map.ts' })],
    build: {
      write: false,
      minify: true,
      rolldownOptions: { input: Object.fromEntries(inputs.map((name) => [name, join(project, `${name}.ts`)])) },
    },
  })) as Rolldown.RolldownOutput;
  return new Map(output.output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
}

/** The chunk built from `name`.ts. */
function chunkOf(built: Map<string, Rolldown.OutputChunk>, name: string): Rolldown.OutputChunk {
  const chunk = [...built.values()].find((each) => each.facadeModuleId === join(project, `${name}.ts`));
  if (!chunk) throw new Error(`no chunk for ${name}.ts`);
  return chunk;
}

describe('onDemandModules', () => {
  test('gives the page the module file first, then every file it imports, and no preload helper', async () => {
    const built = await chunks(['page', 'other']);
    const page = chunkOf(built, 'page');
    const map = chunkOf(built, 'map');
    const listed = [...page.code.matchAll(/["'`](\/[^"'`]+\.js)["'`]/g)].map((match) => match[1]?.slice(1));
    expect(listed[0]).toBe(map.fileName);
    // Every file the module needs, however deep, and each one a file the build wrote.
    const needed = new Set([map.fileName]);
    for (const file of needed) for (const imported of built.get(file)?.imports ?? []) needed.add(imported);
    expect(new Set(listed)).toEqual(needed);
    expect(needed.size).toBeGreaterThan(1);
    expect(map.exports).toEqual(['draw']);
    expect(page.imports).toEqual([]);
    expect(page.code).not.toMatch(/modulepreload|__vite__mapDeps/);
  });
});

describe('Vite as installed (why the plugin exists)', () => {
  test('a plain import() of the module still brings the preload helper into the page script', async () => {
    const built = await chunks(['plain', 'other']);
    const plain = chunkOf(built, 'plain');
    const helper = [plain, ...plain.imports.map((file) => built.get(file))].some((chunk) =>
      chunk?.code.includes('modulepreload'),
    );
    expect(helper).toBe(true);
  });
});
