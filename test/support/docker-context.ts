import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Rule {
  regex: RegExp;
  include: boolean;
}

/**
 * The .dockerignore rules as Docker applies them (moby's patternmatcher): the last pattern that matches a path
 * or one of its parent folders decides; `*` and `?` stay within one folder, `**` spans any number of them.
 */
export function dockerIgnore(text: string): (path: string) => boolean {
  const rules: Rule[] = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const pattern = (include ? line.slice(1) : line).replace(/^\/+/, '').replace(/\/+$/, '');
      return { regex: toRegex(pattern), include };
    });
  return (path) => {
    const parts = path.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let excluded = false;
    for (const rule of rules) {
      if (prefixes.some((p) => rule.regex.test(p))) excluded = !rule.include;
    }
    return excluded;
  };
}

function toRegex(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*' && pattern[i + 1] === '*') {
      i++;
      if (pattern[i + 1] === '/') i++;
      re += i === pattern.length - 1 ? '.*' : '(.*/)?';
    } else if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Every file below `root` that `docker build root` would send, as paths relative to root. */
export function contextFiles(root: string): string[] {
  const text = readFileSync(join(root, '.dockerignore'), 'utf8');
  const excluded = dockerIgnore(text);
  const exceptions = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('!'))
    .map((l) => l.slice(1).replace(/^\/+/, ''));
  // As Docker does, a left-out folder is not walked unless an exception could name something inside it.
  const mayHoldExceptions = (dir: string) => exceptions.some((e) => e.startsWith('*') || e.startsWith(`${dir}/`));
  const files: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!excluded(path) || mayHoldExceptions(path)) walk(path);
      } else if (!excluded(path)) files.push(path);
    }
  };
  walk('');
  return files;
}
