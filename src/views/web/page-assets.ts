// The page's own files: its script and its style sheet, bundled by esbuild from src/page at build
// time (scripts/build.mjs writes dist/page/; scripts/dist.mjs puts them in the single executables).
// Nothing is built here: the program serves what the build made, and says so when it is missing.
import { existsSync, readFileSync } from 'node:fs';
import { getRawAsset, isSea } from 'node:sea';
import { fileURLToPath } from 'node:url';

export interface PageAssets {
  readonly script: Buffer;
  readonly style: Buffer;
}

/** The names of the page's files in dist/page/ and among a single executable's assets (page/…). */
export const PAGE_FILES = { script: 'app.js', style: 'app.css' } as const;

/**
 * dist/page beside the running program: next to dist/cli/ when it runs from its build, or the
 * repository's dist/ when it runs from its sources (tsx, tests: the build is made first).
 */
function pageFolders(): string[] {
  return [new URL('../page/', import.meta.url), new URL('../../../dist/page/', import.meta.url)]
    .filter((url) => url.protocol === 'file:')
    .map((url) => fileURLToPath(url));
}

export function loadPageAssets(): { ok: true; assets: PageAssets } | { ok: false; reason: string } {
  if (isSea()) {
    try {
      return {
        ok: true,
        assets: {
          script: Buffer.from(getRawAsset(`page/${PAGE_FILES.script}`)),
          style: Buffer.from(getRawAsset(`page/${PAGE_FILES.style}`)),
        },
      };
    } catch (error) {
      return { ok: false, reason: `this executable holds no page: ${(error as Error).message}` };
    }
  }
  const folder = pageFolders().find((dir) => existsSync(`${dir}${PAGE_FILES.script}`));
  if (folder === undefined)
    return { ok: false, reason: 'the page is not built: run "npm run build" (or "npm install") first' };
  return {
    ok: true,
    assets: {
      script: readFileSync(`${folder}${PAGE_FILES.script}`),
      style: readFileSync(`${folder}${PAGE_FILES.style}`),
    },
  };
}
