/** A scenario file that cannot be used: says which file, where inside it, and what is wrong. */
export class ScenarioError extends Error {
  constructor(
    readonly file: string,
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${file}: ${path || '(top level)'}: ${problem}`);
    this.name = 'ScenarioError';
  }
}
