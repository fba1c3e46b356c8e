import { describe, expect, it } from 'vitest';
import { YamlError, yamlValue } from './yaml-value.js';

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
    expect(() => yamlValue(levels.join('\n'))).toThrow(/aliases expand to far more than the text/);
    // Two levels of the same shape are a legitimate 90-odd nodes.
    expect(yamlValue(levels.slice(0, 2).join('\n'))).toMatchObject({ b: expect.any(Array) });
  });
});
