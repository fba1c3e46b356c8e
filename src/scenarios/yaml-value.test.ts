import { describe, expect, it } from 'vitest';
import { ALIAS_NODES, YamlError, yamlValue } from './yaml-value.js';

describe('yamlValue', () => {
  it('reads YAML 1.2 core: dates and YAML 1.1 booleans stay strings, numbers and null are typed', () => {
    expect(yamlValue('at: 2026-11-24\nanswer: yes\nn: 0x1F\nx: 1.5e3\nnone: ~\nflag: true\n')).toEqual({
      at: '2026-11-24',
      answer: 'yes',
      n: 31,
      x: 1500,
      none: null,
      flag: true,
    });
  });

  it('reads JSON, and empty text as null', () => {
    expect(yamlValue('{"name": "x", "users": [1, 2]}')).toEqual({ name: 'x', users: [1, 2] });
    expect(yamlValue('')).toBeNull();
    expect(yamlValue('# only a comment\n')).toBeNull();
  });

  it('says what is wrong, in one line with the place', () => {
    expect(() => yamlValue('name: [unclosed\n')).toThrow(YamlError);
    expect(() => yamlValue('name: [unclosed\n')).toThrow(/^unexpected end of the stream within a flow collection \(2:1\)$/);
    expect(() => yamlValue('a: 1\na: 2\n')).toThrow(/duplicated mapping key/);
    expect(() => yamlValue('a: 1\n---\nb: 2\n')).toThrow(/single document/);
  });

  it('keeps aliases a hand-written file uses', () => {
    const text = 'base: &b {format: DVD, rating: 4}\nitems:\n  - *b\n  - *b\n  - *b\n';
    expect(yamlValue(text)).toEqual({
      base: { format: 'DVD', rating: 4 },
      items: [
        { format: 'DVD', rating: 4 },
        { format: 'DVD', rating: 4 },
        { format: 'DVD', rating: 4 },
      ],
    });
  });

  it('refuses a "billion laughs": nested aliases whose walk would not end', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    expect(() => yamlValue(levels.join('\n'))).toThrow(/aliases expand to more than 100000 nodes beyond the text itself/);
    // Two levels of the same shape are a legitimate 90-odd nodes.
    expect(yamlValue(levels.slice(0, 2).join('\n'))).toMatchObject({ b: expect.any(Array) });
  });

  it('bounds what aliases add by a fixed count, not by the size of the text', () => {
    // 60,000 lines of plain data (~1.1 MB) and one alias used 150 times to a list of 1,000: 150,000 nodes
    // that aliases add, within ten nodes a character of the text (the old budget) but over ALIAS_NODES.
    const rows = Array.from({ length: 60_000 }, (_, i) => `  - {id: ${i}}`).join('\n');
    const big = `list: &l [${Array(1000).fill('1').join(',')}]\nuses: [${Array(150).fill('*l').join(',')}]\nrows:\n${rows}\n`;
    expect(150 * 1000).toBeGreaterThan(ALIAS_NODES);
    expect(150 * 1000).toBeLessThan(10 * big.length);
    expect(() => yamlValue(big)).toThrow(YamlError);
    // The same plain data with the alias used 50 times (50,000 added nodes) is read.
    const fewer = big.replace(/uses: \[[^\]]*\]/, `uses: [${Array(50).fill('*l').join(',')}]`);
    expect((yamlValue(fewer) as { rows: unknown[] }).rows).toHaveLength(60_000);
  });
});
