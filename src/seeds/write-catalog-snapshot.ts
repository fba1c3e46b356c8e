// Run as its own process by src/scenarios/catalog-cache.ts: generates a catalogue, builds its database and
// writes it to a file. Generation (faker, curated YAML, 100,000 titles) thus never runs in, or is loaded
// into, the simulator's process: a start-up only opens the file (docs/decisions/0004-catalogue-snapshots.md).
// Usage: node write-catalog-snapshot.js '<CatalogOptions as JSON>' <file>
import { renameSync, writeFileSync } from 'node:fs';
import { buildCatalogDb } from '../store/catalog-db.js';
import { generateCatalog, type CatalogOptions } from './generate-catalog.js';

const [optionsJson, file] = process.argv.slice(2);
if (!optionsJson || !file) throw new Error('usage: write-catalog-snapshot <options JSON> <file>');
const db = buildCatalogDb(generateCatalog(JSON.parse(optionsJson) as CatalogOptions));
// Written aside, then renamed: a reader never sees half a file, and racing writers write the same bytes.
const partial = `${file}.${process.pid}.partial`;
writeFileSync(partial, db.serialize());
db.close();
renameSync(partial, file);
