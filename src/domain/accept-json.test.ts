import { describe, expect, it } from 'vitest';
import { prefersJson } from './accept-json.js';

describe('prefersJson', () => {
  it('answers JSON to a client that asks for it, with or without parameters and q-values', () => {
    for (const h of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'application/json;q=0.5',
      'application/json, text/javascript, */*; q=0.01',
      'application/xml;q=0.9, application/json',
      'application/json, */*',
    ]) {
      expect(prefersJson(h), h).toBe(true);
    }
  });

  it('keeps XML for */*, for XML, for anything else and for ties', () => {
    for (const h of [
      '*/*',
      '',
      'text/html',
      'application/xml',
      'application/xml, application/json',
      'application/json;q=0',
      'application/json;q=0.5, */*',
      'application/json;q=0.5, application/*',
      'application/jsonx',
      'text/json',
      'application/json;q=abc',
    ]) {
      expect(prefersJson(h), h).toBe(false);
    }
  });
});
