import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { errors } from '../domain/api-error.js';
import { packageRoot } from '../package-root.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import { checkedText, type ParsedText, type ScenarioParser, textHash } from '../scenarios/scenario-parser.js';
import type { Scenario } from '../scenarios/scenario-schema.js';
import type { LoadedScenario } from './loaded-scenario.js';

/** Where a scenario came from: the package's scenarios/ folder, the --scenario-dir folder, or the admin API. */
export type ScenarioSource = 'built-in' | 'folder' | 'uploaded';

export type ScenarioDir = { dir: string; source: Exclude<ScenarioSource, 'uploaded'> };

/**
 * One scenario file as last read: usable (`scenario` set, `error` not) or not (`error` says why, naming the
 * file, the path inside it and the problem). A new version of a file is a new entry, so an entry stands for
 * one version: what was loaded from it can be kept as long as the entry is the one known.
 */
export interface ScenarioEntry {
  /** The file's `name:`; for a file too broken to say, its file name without the extension. */
  name: string;
  /** Its path, or `uploaded:NAME`. */
  file: string;
  source: ScenarioSource;
  /**
   * SHA-256 of the text: a file whose text is unchanged is the same version, whatever its time says. Files
   * are read again in full (they are small; times can be too coarse to tell two quick edits apart), only
   * parsed again when their text changed.
   */
  hash: string;
  scenario?: Scenario;
  /**
   * The text of a big upload, parsed off the event loop: then `scenario` is its outline (every field but the
   * users' rows and the stock, which only the state template needs), and loading parses the text again in
   * the worker that seeds the template. The event loop never holds, nor copies between threads, the
   * hundreds of thousands of objects a big scenario is.
   */
  fullText?: string;
  error?: ScenarioError;
  /**
   * Whether the titles it names were checked against its catalogue. Everything else is checked when the
   * file is read; the titles need the catalogue, which is checked when its snapshot is on disk (an open,
   * about a millisecond) and otherwise when the scenario is loaded (a switch builds the catalogue).
   */
  titlesChecked: boolean;
  /**
   * What its World loaded from this version, once it did: kept as long as the entry is the one known (a new
   * version of the file is a new entry, loaded afresh).
   */
  loaded?: LoadedScenario;
}

/** The folders scenarios are read from: the built-in one, then --scenario-dir. */
export function scenarioDirs(scenarioDir?: string): ScenarioDir[] {
  const dirs: ScenarioDir[] = [{ dir: join(packageRoot(), 'scenarios'), source: 'built-in' }];
  if (scenarioDir !== undefined) dirs.push({ dir: scenarioDir, source: 'folder' });
  return dirs;
}

/** The files the scenario reader takes from a folder. */
export const SCENARIO_FILE = /\.(ya?ml|json)$/;

/**
 * Reads every scenario file (*.yaml, *.yml, *.json) of the folders, in folder order then name order. A bad
 * file is an entry with its error, never skipped and never fatal here: start-up stops only if the chosen
 * scenario is bad (createWorld). A file whose text is that of its entry in `previous` keeps that entry
 * (not parsed again). A folder that cannot be listed throws (node's error).
 */
export function readScenarioFolders(dirs: readonly ScenarioDir[], previous?: ReadonlyMap<string, ScenarioEntry>): ScenarioEntry[] {
  return dirs.flatMap(({ dir, source }) =>
    readdirSync(dir)
      .filter((name) => SCENARIO_FILE.test(name))
      .sort()
      .map((name) => readScenarioFile(join(dir, name), source, previous?.get(join(dir, name)))),
  );
}

function readScenarioFile(file: string, source: ScenarioSource, previous: ScenarioEntry | undefined): ScenarioEntry {
  const unreadable = (problem: string) => entryOf({ error: new ScenarioError(file, '', problem), name: undefined, hash: '' }, '', file, source);
  let text: string;
  try {
    if (statSync(file).isDirectory()) return unreadable('is a folder, not a scenario file');
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return unreadable(`cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const hash = textHash(text);
  // Unchanged (perhaps touched): the same version, and the same entry, so what was loaded from it is kept.
  return previous?.hash === hash ? previous : scenarioEntry(text, file, source, hash);
}

/**
 * Parses and checks scenario text: the schema and every cross-check but the titles' existence (which needs
 * the catalogue). A problem is kept in the entry, not thrown.
 */
export function scenarioEntry(text: string, file: string, source: ScenarioSource, hash = textHash(text)): ScenarioEntry {
  return entryOf({ ...checkedText(text, file), hash }, text, file, source);
}

/** The same for a text sent through the admin API: a big one is parsed off the event loop (ScenarioParser). */
export async function scenarioEntryLater(text: string, file: string, source: ScenarioSource, parser: ScenarioParser): Promise<ScenarioEntry> {
  return entryOf(await parser.parse(text, file), text, file, source);
}

function entryOf(parsed: ParsedText, text: string, file: string, source: ScenarioSource): ScenarioEntry {
  const base = { file, source, hash: parsed.hash, titlesChecked: false };
  if ('scenario' in parsed) return { ...base, name: parsed.scenario.name, scenario: parsed.scenario, ...(parsed.outline ? { fullText: text } : {}) };
  // A file too broken to give its name: its file name without the extension.
  return { ...base, name: parsed.name ?? basename(file, extname(file)), error: parsed.error };
}

/**
 * The usable scenario of a name. A file of that name that cannot be used throws its ScenarioError; none of
 * that name, `unknown` of a line that says so and lists the names known.
 */
export function scenarioNamed(sorted: ReturnType<typeof sortScenarios>, name: string, unknown: (message: string) => Error): ScenarioEntry {
  const entry = sorted.usable.get(name);
  if (entry) return entry;
  throw (
    sorted.unusable.find((u) => u.entry.name === name)?.error ??
    unknown(`no scenario named ${JSON.stringify(name)}; known: ${[...sorted.usable.keys()].join(', ')}`)
  );
}

/**
 * The usable entries by name and the unusable ones with why. A name two files give is usable in neither
 * (which one was meant cannot be guessed), and a file may not take the name of an uploaded scenario; so
 * start-up with such a name stops, as it did when every file had to be good.
 */
export function sortScenarios(entries: readonly ScenarioEntry[]) {
  const byName = new Map<string, ScenarioEntry[]>();
  for (const e of entries) if (!e.error) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
  const usable = new Map<string, ScenarioEntry>();
  const clash = new Map<ScenarioEntry, ScenarioError>();
  for (const [name, same] of byName) {
    const uploaded = same.find((e) => e.source === 'uploaded');
    const kept = same.length === 1 ? same[0] : uploaded;
    if (kept) usable.set(name, kept);
    for (const e of same) {
      if (e === kept) continue;
      const others = same.filter((o) => o !== e).map((o) => o.file);
      const problem = uploaded
        ? `scenario ${JSON.stringify(name)} is taken by an uploaded scenario; give this file another name, or DELETE /__admin/scenarios/${name} and reload`
        : `scenario ${JSON.stringify(name)} is also defined in ${others.join(', ')}; give one of them another name`;
      clash.set(e, new ScenarioError(e.file, 'name', problem));
    }
  }
  const unusable = entries.flatMap((entry) => {
    const error = entry.error ?? clash.get(entry);
    return error ? [{ entry, error }] : [];
  });
  return { usable, unusable };
}

/**
 * The scenarios a World knows: the files of its folders as last read, and those uploaded through the admin
 * API (kept in memory only). Every file is listed, usable or not; only usable ones can be switched to.
 */
export class ScenarioRegistry {
  private readonly uploads = new Map<string, ScenarioEntry>();
  /** Its entries sorted out (by sortOut, which the constructor calls): the usable ones by name, the unusable ones with why. */
  private sorted = sortScenarios([]);

  /**
   * `checkTitles` checks an entry's titles against its catalogue if that is built, answering whether it
   * could (it throws a ScenarioError naming the first title missing).
   */
  constructor(
    private readonly dirs: readonly ScenarioDir[],
    /** The files of its folders, as last read. */
    private disk: readonly ScenarioEntry[],
    private readonly checkTitles: (entry: ScenarioEntry) => boolean,
  ) {
    this.sortOut();
  }

  /**
   * Reads the folders again (a file unchanged on disk is not parsed again) and says what changed, by name of
   * usable scenario: new ones, ones whose text changed, ones no longer usable (deleted, renamed or now
   * invalid), and every file that cannot be used with why.
   */
  reload() {
    const before = this.sorted.usable;
    try {
      this.disk = readScenarioFolders(this.dirs, new Map(this.disk.map((e) => [e.file, e])));
    } catch (e) {
      throw errors.conflict(`the scenario folders cannot be read (${(e as Error).message}); the scenarios known stay as they were`, e);
    }
    this.sortOut();
    const now = this.sorted.usable;
    return {
      added: [...now.keys()].filter((name) => !before.has(name)),
      changed: [...now].filter(([name, entry]) => before.has(name) && before.get(name) !== entry).map(([name]) => name),
      removed: [...before.keys()].filter((name) => !now.has(name)),
      invalid: this.invalid(),
    };
  }

  /** The usable scenario of a name. Throws its ScenarioError if its file cannot be used, a 404 if none has the name. */
  entry(name: string): ScenarioEntry {
    return scenarioNamed(this.sorted, name, (message) => errors.notFound(message));
  }

  /** The usable scenario of a name, if there is one (no error). */
  find(name: string): ScenarioEntry | undefined {
    return this.sorted.usable.get(name);
  }

  /** Every usable scenario, in folder order then file name order, uploaded ones last. */
  list(): ScenarioEntry[] {
    return [...this.sorted.usable.values()];
  }

  /** Every file that cannot be used, with why: where in the file and what is wrong, e.g. `users[0].ratings[3].rating: Too big: expected number to be <=5`. */
  invalid() {
    return this.sorted.unusable.map(({ entry, error }) => ({
      name: entry.name,
      file: entry.file,
      source: entry.source,
      problem: `${error.path || '(top level)'}: ${error.problem}`,
    }));
  }

  /** Marks an entry unusable: loading it found a problem (a title missing from the catalogue it built). */
  refuse(entry: ScenarioEntry, error: ScenarioError): void {
    entry.error = error;
    this.sortOut();
  }

  /**
   * Throws unless an upload may take this name: a new name, or with `replace` an uploaded one; answers
   * which. The built-in and --scenario-dir scenarios are files: they change when the file does.
   */
  checkUpload(name: string, replace: boolean): 'added' | 'replaced' {
    const file = this.disk.find((e) => e.name === name);
    if (file) {
      const why =
        file.source === 'built-in'
          ? `is built in (${file.file}); upload yours under another name`
          : `comes from the file ${file.file} in --scenario-dir; edit that file and POST /__admin/scenarios/reload, or upload yours under another name`;
      throw errors.conflict(`a scenario named ${JSON.stringify(name)} exists already and ${why}`);
    }
    if (this.uploads.has(name) && !replace) {
      throw errors.conflict(
        `a scenario named ${JSON.stringify(name)} exists already; give the new one another name, or PUT /__admin/scenarios/${name} to replace it`,
      );
    }
    return this.uploads.has(name) ? 'replaced' : 'added';
  }

  /** Adds or replaces an uploaded scenario (checked by checkUpload and loaded first). */
  putUpload(entry: ScenarioEntry): void {
    this.uploads.set(entry.name, entry);
    this.sortOut();
  }

  /** Forgets an uploaded scenario; the built-in and folder ones are files (409), an unknown name a 404. */
  removeUpload(name: string): void {
    if (this.uploads.delete(name)) return this.sortOut();
    const file = this.disk.find((e) => e.name === name);
    if (file) {
      throw errors.conflict(
        file.source === 'built-in'
          ? `scenario ${JSON.stringify(name)} is built in (${file.file}) and cannot be deleted; only uploaded scenarios can`
          : `scenario ${JSON.stringify(name)} comes from the file ${file.file} in --scenario-dir; delete or rename the file and POST /__admin/scenarios/reload`,
      );
    }
    throw errors.notFound(`no uploaded scenario named ${JSON.stringify(name)}; known: ${[...this.sorted.usable.keys()].join(', ')}`);
  }

  /** Checks the titles of entries not checked yet whose catalogue is built, then sorts usable from unusable. */
  private sortOut(): void {
    const all = [...this.disk, ...this.uploads.values()];
    for (const entry of all) {
      if (entry.error || entry.titlesChecked) continue;
      try {
        entry.titlesChecked = this.checkTitles(entry);
      } catch (e) {
        if (!(e instanceof ScenarioError)) throw e;
        entry.error = e;
      }
    }
    this.sorted = sortScenarios(all);
  }
}
