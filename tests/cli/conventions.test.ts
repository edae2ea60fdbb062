// The conventions every `risk` subcommand follows, run through the real launcher (compiled dist/,
// built by the test setup): help on stdout with exit 0, usage errors as one plain sentence and
// that command's usage with exit 2, and `--version`/`--help` without loading the heavy packages.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const launcher = `${root}bin/risk.js`;
const scratch = mkdtempSync(join(tmpdir(), 'risk-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function risk(args: string[], nodeArgs: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [...nodeArgs, launcher, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    input: '',
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

// Each command and the first line of its usage.
const COMMANDS = [
  ['play', 'usage: risk [play]'],
  ['bot', 'usage: risk bot host'],
  ['odds', 'usage: risk odds'],
  ['simulate', 'usage: risk simulate'],
  ['tournament', 'usage: risk tournament'],
  ['verify', 'usage: risk verify'],
  ['history', 'usage: risk history'],
  ['stats', 'usage: risk stats'],
  ['replay', 'usage: risk replay'],
  ['export', 'usage: risk export'],
] as const;

describe('risk CMD --help, -h and risk help CMD', () => {
  it.each(COMMANDS)('%s: its usage on stdout, exit 0, the same three ways', (command, usage) => {
    const help = risk([command, '--help']);
    expect(help).toMatchObject({ code: 0, err: '' });
    expect(help.out.startsWith(usage)).toBe(true);
    expect(risk([command, '-h'])).toEqual(help);
    expect(risk(['help', command])).toEqual(help);
  });

  it('risk help and risk --help list every command; risk version prints the version', () => {
    const help = risk(['help']);
    expect(help.code).toBe(0);
    for (const [command] of COMMANDS) expect(help.out).toContain(`risk ${command}`);
    expect(risk(['--help'])).toEqual(help);
    const version = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).version;
    expect(risk(['version'])).toEqual({ code: 0, out: `${version}\n`, err: '' });
    expect(risk(['--version'])).toEqual({ code: 0, out: `${version}\n`, err: '' });
  });
});

describe('help and version answer --help like every command', () => {
  it('risk help --help prints the help, risk version --help its usage; both exit 0', async () => {
    const run = async (args: string[]) => {
      let out = '';
      let err = '';
      const code = await main(args, { out: (t) => (out += t), err: (t) => (err += t) });
      return { code, out, err };
    };
    const help = await run(['help', '--help']);
    expect(help).toMatchObject({ code: 0, err: '' });
    expect(help.out).toBe((await run(['--help'])).out);
    for (const args of [
      ['version', '--help'],
      ['version', '-h'],
    ])
      expect(await run(args)).toMatchObject({ code: 0, out: expect.stringMatching(/^usage: risk version/), err: '' });
  });
});

describe('usage errors: one plain sentence, the usage of the command in hand, exit 2', () => {
  it.each(COMMANDS)('%s --frob', (command, usage) => {
    const result = risk([command, '--frob']);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    const [sentence, ...rest] = result.err.split('\n');
    expect(sentence).toBe(`risk ${command}: unknown option --frob.`);
    expect(rest.join('\n').startsWith(usage)).toBe(true);
    expect(result.err).not.toMatch(/To specify|positional argument|ERR_/);
  });

  it.each([
    [['--frob'], 'risk: unknown option --frob.', 'usage: risk [play]'],
    [['atack'], 'risk: unknown command "atack".', 'usage: risk [COMMAND]'],
    [['plya'], 'risk: unknown command "plya" (did you mean "play"?).', 'usage: risk [COMMAND]'],
    [['odds', '--hlep'], 'risk odds: unknown option --hlep (did you mean "--help"?).', 'usage: risk odds'],
    [
      ['play', '--player', '3'],
      'risk play: unknown option --player (did you mean "--players"?).',
      'usage: risk [play]',
    ],
    [['help', 'atack'], 'risk help: unknown command "atack".', 'usage: risk [COMMAND]'],
    [['version', 'x'], 'risk version: version takes no arguments.', 'usage: risk [COMMAND]'],
    [['odds', '4'], 'risk odds: expected 2 numbers, got 1.', 'usage: risk odds'],
    [['simulate', '--games'], 'risk simulate: --games needs a value.', 'usage: risk simulate'],
    [['simulate', '--json=yes'], 'risk simulate: --json takes no value.', 'usage: risk simulate'],
    [
      ['simulate', 'fast'],
      'risk simulate: unexpected argument "fast": this command takes options only.',
      'usage: risk simulate',
    ],
    [
      ['tournament', '--bots', 'easy,easy', '--seed', '-1'],
      'risk tournament: --seed needs a value; one that starts with "-" is written --seed=VALUE.',
      'usage: risk tournament',
    ],
    [['verify'], 'risk verify: expected a record file.', 'usage: risk verify'],
    [['bot', 'dance'], 'risk bot: "dance" is neither host nor join.', 'usage: risk bot host'],
    [['export'], 'risk export: name one game (risk history lists them).', 'usage: risk export'],
    [
      ['history', '--limit', '0'],
      'risk history: --limit "0" must be a whole number from 1 to 1000000.',
      'usage: risk history',
    ],
  ])('%j', (args, sentence, usage) => {
    const result = risk(args);
    expect(result.code).toBe(2);
    const [first, second] = result.err.split('\n');
    expect(first).toBe(sentence);
    expect(second!.startsWith(usage)).toBe(true);
  });
});

describe('lazy loading', () => {
  // dist/cli is one esbuild bundle split into chunks; its metafile says which sources each holds.
  const meta = JSON.parse(readFileSync(`${root}dist/cli/meta.json`, 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  /** The source files inside the dist/ files that running `risk args` loaded. */
  const sourcesLoaded = (args: string[]) => {
    const file = join(scratch, `loads-${args.join('-').replaceAll('/', '_')}.txt`);
    const result = risk(args, ['--import', `${root}tests/cli/record-loads.mjs`], { RISK_TEST_LOADS_FILE: file });
    expect(result.code).toBe(0);
    const loaded = readFileSync(file, 'utf8').split('\n');
    expect(loaded.some((url) => url.includes('/node_modules/tsx/'))).toBe(false); // the compiled program
    const outputs = loaded
      .filter((url) => url.includes('/dist/cli/'))
      .map((url) => `dist/cli/${url.split('/dist/cli/')[1]}`);
    expect(outputs).toContain('dist/cli/run.js');
    return outputs.flatMap((output) => Object.keys(meta.outputs[output]?.inputs ?? {}));
  };
  const heavy = /node_modules\/(libp2p|@libp2p|@chainsafe|ink|react|zod)\//;

  it.each([[['--version']], [['--help']], [['help', 'bot']], [['bot', '--help']], [['play', '--help']]])(
    '%j loads none of libp2p, Ink, React or zod',
    (args) => {
      const sources = sourcesLoaded(args);
      expect(sources).toContain('src/cli/main.ts');
      expect(sources.filter((source) => heavy.test(source))).toEqual([]);
    },
  );

  // The game database (node:sqlite) loads only for --store and the store's own commands.
  const store = /src\/store\/(store|sqlite|recorder)\.ts$/;
  it.each([
    [['--help']],
    [['bot', '--help']],
    [['tournament', '--help']],
    [['tournament', '--bots', 'easy,easy', '--games', '2', '--json']],
  ])('%j loads no store module', (args) => {
    expect(sourcesLoaded(args).filter((source) => store.test(source))).toEqual([]);
  });

  it('the check above can fail: tournament --store loads the store', () => {
    const db = join(scratch, 'lazy.db');
    expect(
      sourcesLoaded(['tournament', '--bots', 'easy,easy', '--games', '2', '--json', '--store', '--db', db]).some(
        (source) => store.test(source),
      ),
    ).toBe(true);
  });

  it('the check above can fail: risk verify loads zod (the wire schemas)', () => {
    const record = `${root}tests/fixtures/transcripts/class-2p-game-b.jsonl`;
    expect(sourcesLoaded(['verify', record]).some((source) => heavy.test(source))).toBe(true);
  });
});

describe("the main menu's first paint", () => {
  // What `risk` loads before the menu shows: the chunks play.ts imports on the way (all its
  // dynamic imports but RISC's and the web view's, which load when chosen) and every chunk those import statically, read from the metafile
  // of the build. Networking, the wire schemas and the database must wait for the first game that
  // needs them (bench:startup's menu target, 400 ms); a static import anywhere on this path
  // would pull them back in.
  interface Output {
    entryPoint?: string;
    imports: { path: string; kind: string; external?: boolean }[];
    inputs: Record<string, unknown>;
  }
  const { outputs } = JSON.parse(readFileSync(`${root}dist/cli/meta.json`, 'utf8')) as {
    outputs: Record<string, Output>;
  };
  const outputOf = (entry: string) => {
    const found = Object.keys(outputs).find((output) => outputs[output]!.entryPoint === entry);
    expect(found, `no output for ${entry} in dist/cli/meta.json`).toBeDefined();
    return found!;
  };
  /** The outputs loaded with these, following static imports; and the external modules they import. */
  const staticallyWith = (start: readonly string[]) => {
    const seen = new Set<string>();
    const externals = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const output = queue.pop()!;
      if (seen.has(output)) continue;
      seen.add(output);
      for (const imported of outputs[output]!.imports) {
        if (imported.kind !== 'import-statement') continue;
        if (imported.external) externals.add(imported.path);
        else queue.push(imported.path);
      }
    }
    const sources = [...seen].flatMap((output) => Object.keys(outputs[output]!.inputs));
    return { sources, externals: [...externals] };
  };
  const play = outputOf('src/cli/play.ts');
  const riscPlay = outputOf('src/cli/risc-play.ts');
  const web = outputOf('src/views/web/run-web.ts');
  const onTheWay = outputs[play]!.imports.filter(
    (i) => i.kind === 'dynamic-import' && i.path !== riscPlay && i.path !== web,
  );
  const menu = staticallyWith([outputOf('src/cli/run.ts'), play, ...onTheWay.map((i) => i.path)]);
  const networkOrSchemas = /node_modules\/(libp2p|@libp2p|@chainsafe|@multiformats|zod)\//;

  it('loads the terminal UI and the launcher', () => {
    expect(menu.sources).toEqual(
      expect.arrayContaining(['src/views/run-ui.tsx', 'src/views/main-menu.tsx', 'src/cli/launcher.ts']),
    );
  });

  it('loads none of libp2p, zod, the networked games or node:sqlite', () => {
    expect(menu.sources.filter((source) => networkOrSchemas.test(source))).toEqual([]);
    expect(menu.sources).not.toContain('src/cli/launcher-net.ts');
    expect(menu.sources).not.toContain('src/protocol/messages.ts');
    expect(menu.externals.filter((name) => /sqlite/.test(name))).toEqual([]);
  });

  it('the check above can fail: the networked games load libp2p and zod, and so does the web view', () => {
    expect(staticallyWith([web]).sources.some((source) => /node_modules\/zod\//.test(source))).toBe(true);
    const net = staticallyWith([outputOf('src/cli/launcher-net.ts')]);
    expect(net.sources.some((source) => /node_modules\/libp2p\//.test(source))).toBe(true);
    expect(net.sources.some((source) => /node_modules\/zod\//.test(source))).toBe(true);
  });
});
