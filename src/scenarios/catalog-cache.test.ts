import { describe, expect, it } from 'vitest';
import { buildCatalogSnapshot } from './catalog-cache.js';

describe('buildCatalogSnapshot', () => {
  it("quotes at most 16 KiB of a failed generator's stderr", async () => {
    // The generator throws an error quoting this date: its stderr runs past 40,000 characters, and the message
    // quotes 16 KiB of it (trimmed, but it starts with the error's place and ends inside the date).
    const options = { seed: 1, titles: 0, people: 0, curated: false, today: 'x'.repeat(40_000) };
    const prefix = `rentalsim: generating the catalogue ${JSON.stringify(options)} failed: `;
    const error: Error = await buildCatalogSnapshot(options).then(
      () => new Error('built'),
      (e: Error) => e,
    );
    expect(error.message.startsWith(prefix)).toBe(true);
    expect(error.message.slice(prefix.length)).toContain('expected a date YYYY-MM-DD, got "xxx');
    expect(error.message.length - prefix.length).toBe(16 * 1024);
  });
});
