import { describe, expect, it } from 'vitest';

import { cleanTitle } from './clean-title.js';
import { isReservedTitle } from './text.js';

describe('cleanTitle', () => {
  it.each([
    ['a plain title stays as it is', 'Serenity', 'Serenity'],
    ['a format in brackets goes', 'Serenity (Blu-ray)', 'Serenity'],
    ["a director's cut goes", "Alien: Director's Cut", 'Alien'],
    ['stacked decorations all go', "Alien: Director's Cut (Blu-ray)", 'Alien'],
    ['a final cut goes', 'Blade Runner: The Final Cut (Blu-ray)', 'Blade Runner'],
    ["a collector's edition goes", "Jaws (Collector's Edition)", 'Jaws'],
    ['a disc number stays: discs are titles of their own', 'Firefly: Disc 1', 'Firefly: Disc 1'],
    ['a disc keeps its number without its format', 'Planet Earth: Disc 2 (Blu-ray)', 'Planet Earth: Disc 2'],
    ['a subtitle stays', 'Queen: Live at Wembley Stadium', 'Queen: Live at Wembley Stadium'],
  ])('%s', (_rule, full, clean) => {
    expect(cleanTitle(full)).toBe(clean);
  });
});

describe('isReservedTitle', () => {
  it.each([
    ['zzyzx anywhere is reserved', 'Return to Zzyzx', true],
    ['zzyzx inside a word is reserved', 'Bazzyzxo', true],
    ['a word starting with firefl is reserved', 'The Fireflies', true],
    ['firefl after punctuation starts a word', 'Night:Firefly', true],
    ['firefl inside a word is not', 'Campfirefly', false],
    ['fire words without fl are not', 'Firefight', false],
    ['ordinary titles are not', 'The Silent Garden', false],
  ])('%s', (_rule, title, reserved) => {
    expect(isReservedTitle(title)).toBe(reserved);
  });
});
