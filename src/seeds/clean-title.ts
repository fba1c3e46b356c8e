// Full title vs clean title (docs/reference/wire-format.md#the-catalog_title): the clean one drops edition
// decoration such as "(Blu-ray)" or ": Director's Cut", so "Alien: Director's Cut (Blu-ray)" is "Alien". Disc
// numbers are not decoration: "Firefly: Disc 1" stays as it is, so the discs of a series stay apart.

const DECORATION = new RegExp(
  String.raw`(?:\s*\((?:Blu-ray|DVD|Widescreen|Special Edition|Collector's Edition|Extended Edition)\)` +
    String.raw`|:\s*(?:Special Edition|Director's Cut|Extended Edition|Collector's Edition|Remastered|The Final Cut))$`,
  'i',
);

export function cleanTitle(fullTitle: string): string {
  let clean = fullTitle.trim();
  for (let previous = ''; previous !== clean; ) {
    previous = clean;
    clean = clean.replace(DECORATION, '').trim();
  }
  return clean;
}
