import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No mutable state at module level (issue 15 part 2): a module is loaded once per process, so a cache or
 * counter there is shared by every simulator in it (two in one test runner). State lives on its owner
 * instead: the World (per simulator), a Sandbox (per tenant), or a loaded scenario's catalogue.
 *
 * The rule is read from the syntax of every src/**\/*.ts but tests, top-level statements only:
 * - a `let` or `var` (src/main.ts, the process itself, may keep some);
 * - a `const` bound to `new ...(...)`, an array literal or an object literal, unless it says it is
 *   read-only: `as const`, or a declared type spelled `readonly T[]` or `Readonly...<...>`. The check is
 *   shallow (a read-only array of objects passes) and does not look into calls (`const x = make()`);
 * - a class's `static` property that is not `readonly`.
 * Each exception is named below with the reason it cannot make two simulators differ.
 */
const ALLOWED: Record<string, string> = {
  'src/http/oauth/verify-oauth.ts lastBase':
    'the last base URL split into scheme, host and path: a memo of a pure function of the URL, read and written in one call',
  'src/scenarios/catalog-cache.ts codeHash':
    "the hash of this package's own source files, which name catalogue snapshot files: one fact about the process, not about a simulator",
  'src/domain/oauth/nonce-store.ts HASH': 'scratch space of one synchronous hash call, holding nothing between calls',
  'src/seeds/clean-title.ts DECORATION': 'a regular expression without the g or y flag, so it keeps no lastIndex between uses',
};

const SRC = join(import.meta.dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `file name` of every piece of module-level mutable state the rule above finds in a source text. */
function moduleState(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) {
      const list = statement.declarationList;
      const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
      for (const d of list.declarations) {
        const name = d.name.getText(source);
        if (!isConst) {
          if (file !== 'src/main.ts') found.push(`${file} ${name}`);
        } else if (d.initializer && mutableInitializer(d.initializer, d.type)) {
          found.push(`${file} ${name}`);
        }
      }
    } else if (ts.isClassDeclaration(statement)) {
      for (const m of statement.members) {
        const mods = ts.canHaveModifiers(m) ? (ts.getModifiers(m) ?? []) : [];
        const has = (k: ts.SyntaxKind) => mods.some((x) => x.kind === k);
        if (ts.isPropertyDeclaration(m) && has(ts.SyntaxKind.StaticKeyword) && !has(ts.SyntaxKind.ReadonlyKeyword)) {
          found.push(`${file} ${statement.name?.text ?? 'class'}.${m.name.getText(source)}`);
        }
      }
    }
  }
  return found;
}

function mutableInitializer(init: ts.Expression, declared: ts.TypeNode | undefined): boolean {
  if (declared && readOnlyType(declared)) return false;
  let e = init;
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e)) e = e.expression;
    else if (ts.isAsExpression(e) || ts.isTypeAssertionExpression(e)) {
      if (ts.isConstTypeReference(e.type) || readOnlyType(e.type)) return false;
      e = e.expression;
    } else break;
  }
  return ts.isNewExpression(e) || ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e);
}

function readOnlyType(t: ts.TypeNode): boolean {
  if (ts.isTypeOperatorNode(t)) return t.operator === ts.SyntaxKind.ReadonlyKeyword;
  if (ts.isTypeReferenceNode(t)) return ts.isIdentifier(t.typeName) && t.typeName.text.startsWith('Readonly');
  return false;
}

describe('module-level state', () => {
  const found = sourceFiles(SRC).flatMap((path) => moduleState(relative(join(SRC, '..'), path).split('\\').join('/'), readFileSync(path, 'utf8')));

  it('is none outside src/main.ts, but for the exceptions named with their reason', () => {
    expect(found.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  it('has no exception left that the code no longer needs', () => {
    expect(Object.keys(ALLOWED).filter((a) => !found.includes(a))).toEqual([]);
  });

  it.each([
    ['a top-level let', 'let n = 0;', ['src/x.ts n']],
    ['a top-level var', 'var n = 0;', ['src/x.ts n']],
    ['a Map', 'const cache = new Map<string, number>();', ['src/x.ts cache']],
    ['a WeakMap keyed by its owner', 'export const byWorld = new WeakMap<object, number>();', ['src/x.ts byWorld']],
    ['an array literal', 'const seen = [];', ['src/x.ts seen']],
    ['an object literal', 'const memo: Record<string, string> = {};', ['src/x.ts memo']],
    ['a mutable static', 'class A { static count = 0; static readonly LIMIT = 1; }', ['src/x.ts A.count']],
    ['a read-only Map', 'const KINDS: ReadonlyMap<string, number> = new Map([["a", 1]]);', []],
    ['an array as const', "const NAMES = ['a', 'b'] as const;", []],
    ['a readonly array', 'const NAMES: readonly string[] = ["a"];', []],
    ['a Readonly record', 'const CODES: Readonly<Record<string, number>> = { a: 1 };', []],
    ['state inside a function', 'export function f() { let n = 0; const m = new Map(); return [n, m]; }', []],
    ['a call', 'const schema = z.object({});', []],
  ])('finds %s', (_what, text, expected) => {
    expect(moduleState('src/x.ts', text)).toEqual(expected);
  });

  it('lets src/main.ts keep a let (the process is its owner)', () => {
    expect(moduleState('src/main.ts', 'let stopping = false;')).toEqual([]);
  });
});
