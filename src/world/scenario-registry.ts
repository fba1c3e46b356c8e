import { errors } from '../domain/api-error.js';
import { ScenarioError } from '../scenarios/scenario-error.js';
import { readScenarioFolders, scenarioNamed, sortScenarios, type ScenarioDir, type ScenarioEntry } from './scenario-files.js';

/**
 * The scenarios a World knows: the files of its folders as last read, and those uploaded through the admin
 * API (kept in memory only). Every file is listed, usable or not; only usable ones can be switched to.
 */
export class ScenarioRegistry {
  private readonly uploads = new Map<string, ScenarioEntry>();
  /** Its entries sorted out: the usable ones by name, the unusable ones with why. */
  private sorted!: ReturnType<typeof sortScenarios>;

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
