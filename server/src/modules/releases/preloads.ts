/**
 * A page's preload hints, sent as a `Link` header with its index.html: remotes.json, the API reads the
 * page makes as it boots (the session, the board: `readsOfPage`, issue 39), the entry and first-screen
 * chunks of each remote the page will show (from that build's mf-manifest.json), and the host's chunks
 * of the words it shows first, in the visitor's language. Without them the browser
 * learns of those files only after the host's code has arrived and run, fetched remotes.json and then
 * the entry: round trips in a row that a slow mobile network pays 0.4 s each for (docs/perf.md, issue
 * 17). With them the files come while the host's own code is still arriving.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { API_ROOT, NAMESPACES_IN_CONTRACT, namespacesOfPage, remotesOfPage, wordsChunkName, type BoardView, type Language } from '@negayno/shared/contract';
import { readsOfPage } from '@negayno/shared/contract/page-reads';
import type { ReleaseFiles } from './files.js';
import type { ReleaseService } from './service.js';

/** The module every application remote exposes to the host (host/src/remotes/applications.ts). */
const APP_EXPOSE = 'app';
/** A chunk name as webpack writes it: nothing that could leave the folder or break the header. */
const CHUNK_FILE = /^[\w.-]+\.js$/;
/** A words chunk of the host's build: its name (`words-uk-auth`), then the content hash of production. */
const WORDS_FILE = /^(words-[a-z]+-[a-z]+)(?:\.[0-9a-f]{8})?\.js$/;

interface FederationManifest {
  exposes?: { name?: string; assets?: { js?: { sync?: unknown[] } } }[];
}

export interface PageVisit {
  pathname: string;
  search: string;
  signedIn: boolean;
  /** The language the page will show its words in (the contract's LANGUAGE_COOKIE, else the default). */
  language: Language;
  /** What the signed-in viewer's home shows (their board view), or null when the session is not known. */
  home: BoardView['home'] | null;
}

export class PagePreloads {
  /** The first-screen chunks per remote folder, kept while its mf-manifest.json is unchanged. */
  private readonly chunks = new Map<string, { modified: number; files: string[] }>();
  /**
   * The host's words files by chunk name, kept while the build's folder is unchanged: a changed chunk is
   * a new hashed file in it, while index.html is not rewritten when its content stays the same.
   */
  private words: { modified: number; files: Map<string, string> } | null = null;

  constructor(
    private readonly releases: ReleaseService,
    private readonly files: ReleaseFiles,
    private readonly hostDist: string,
  ) {}

  /** `Link` header values, most needed first. */
  async linksFor(visit: PageVisit): Promise<string[]> {
    const manifest = await this.releases.manifest();
    // The reads come first: the server's time to answer them runs while the scripts arrive.
    const reads = readsOfPage(visit.pathname, visit.search, visit.signedIn, visit.home).map((path) => preload(`${API_ROOT}${path}`, 'fetch'));
    const links = [preload('/remotes.json', 'fetch'), ...reads, ...(await this.wordsLinks(visit))];
    for (const remote of remotesOfPage(visit.pathname, visit.search, visit.signedIn)) {
      const descriptor = manifest[remote];
      // A signed-in user's id decides between a canary and the stable entry; the host does that.
      if (!descriptor || (visit.signedIn && descriptor.canary)) continue;
      const chunks = await this.firstScreenChunks(descriptor.entry);
      if (chunks === null) continue;
      const folderUrl = descriptor.entry.slice(0, descriptor.entry.lastIndexOf('/') + 1);
      links.push(preload(descriptor.entry, 'script'), ...chunks.map((file) => preload(`${folderUrl}${file}`, 'script')));
    }
    return links;
  }

  /** The words the host asks for as it boots (host/src/boot.tsx): the same table, the same session hint. */
  private async wordsLinks(visit: PageVisit): Promise<string[]> {
    const files = await this.wordsFiles();
    return namespacesOfPage(visit.pathname, visit.search, visit.signedIn)
      .filter((namespace) => !NAMESPACES_IN_CONTRACT.includes(namespace))
      .flatMap((namespace) => {
        const file = files.get(wordsChunkName(visit.language, namespace));
        return file === undefined ? [] : [preload(`/${file}`, 'script')];
      });
  }

  private async wordsFiles(): Promise<Map<string, string>> {
    const modified = (await stat(this.hostDist).catch(() => null))?.mtimeMs;
    if (modified === undefined) return new Map();
    if (this.words?.modified === modified) return this.words.files;
    const names = await readdir(this.hostDist).catch((): string[] => []);
    const files = new Map(
      names.flatMap((name): [string, string][] => {
        const chunk = WORDS_FILE.exec(name)?.[1];
        return chunk === undefined ? [] : [[chunk, name]];
      }),
    );
    this.words = { modified, files };
    return files;
  }

  /**
   * The chunks the remote's `app` expose needs at once (none when its build has no manifest), or null
   * when the entry is not a served remote build.
   */
  private async firstScreenChunks(entry: string): Promise<string[] | null> {
    const folder = this.files.folderOfEntry(entry);
    if (folder === null) return null;
    const file = join(folder, 'mf-manifest.json');
    const modified = (await stat(file).catch(() => null))?.mtimeMs;
    if (modified === undefined) return [];
    const kept = this.chunks.get(folder);
    if (kept?.modified === modified) return kept.files;
    const files = await readFile(file, 'utf8').then(exposeChunks, () => []);
    this.chunks.set(folder, { modified, files });
    return files;
  }
}

function exposeChunks(text: string): string[] {
  let manifest: FederationManifest;
  try {
    manifest = JSON.parse(text) as FederationManifest;
  } catch {
    return [];
  }
  const sync = manifest.exposes?.find((expose) => expose.name === APP_EXPOSE)?.assets?.js?.sync ?? [];
  return sync.filter((name): name is string => typeof name === 'string' && CHUNK_FILE.test(name));
}

/**
 * remotes.json and the API reads are fetched by `fetch` (same-origin, so `crossorigin` sends the cookies
 * it always did); the page's own `fetch` of the same URL takes the preloaded answer, whatever headers it
 * adds. A read's query is URL-encoded (`filterQuery`): whatever a filter in the address holds, it cannot
 * end the link early.
 */
function preload(url: string, as: 'script' | 'fetch'): string {
  return `<${url}>; rel=preload; as=${as}${as === 'fetch' ? '; crossorigin' : ''}`;
}
