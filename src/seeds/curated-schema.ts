import { z } from 'zod';

import { PERSON_ROLES } from '../domain/types.js';
import { BBFC_CERTIFICATES, CONSOLES, GAME_GENRES, PEGI_CERTIFICATES, PURCHASE_TYPES, VIDEO_FORMATS, VIDEO_GENRES } from './word-lists.js';

// The shape of seeds/curated.yaml (the file's header comment explains each key). Shape only: the rules
// that span entries (ids exist, roles fit credits, certificates fit the board) are in curated-rules.ts.

/** Curated rows use ids 1..999; generated ones start far above. */
export const MAX_CURATED_ID = 999;

const id = z.number().int().min(1).max(MAX_CURATED_ID);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD (quote it)');
/** Ratings by the wider world, 10 bins for 0.5..5; none when left out. */
const histogram = z.array(z.number().int().min(0)).length(10, 'expected 10 bins, for ratings 0.5 to 5').default([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const ids = z.array(id).default([]);

const titleSchema = z.strictObject({
  id,
  title: z.string().min(1),
  clean: z.string().min(1).optional(),
  kind: z.enum(['film', 'tv', 'game']),
  studio: z.string().optional(),
  release_date: isoDate.optional(),
  production_year: z.number().int().min(1888).max(2100).optional(),
  run_time: z.number().int().positive().optional(),
  players: z.number().int().min(1).optional(),
  developer: z.string().optional(),
  can_rent: z.boolean().default(true),
  adult: z.boolean().default(false),
  format: z.enum([...VIDEO_FORMATS, ...CONSOLES.map((console) => console.format)]),
  certificate: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.enum([...new Set([...BBFC_CERTIFICATES, ...PEGI_CERTIFICATES])])),
  genres: z.array(z.enum([...VIDEO_GENRES, ...GAME_GENRES])).min(1),
  languages: z
    .strictObject({
      main: z.array(z.string()).default([]),
      hearing_impaired: z.array(z.string()).default([]),
      dubbed: z.array(z.string()).default([]),
    })
    .optional(),
  purchase: z.array(z.enum(PURCHASE_TYPES)).default([]),
  synopsis: z.string().min(1),
  histogram,
  actors: ids,
  directors: ids,
  similar: ids,
  discs: z.array(z.strictObject({ id, run_time: z.number().int().positive().optional(), histogram })).default([]),
});

const personSchema = z.strictObject({
  id,
  name: z.string().min(1),
  roles: z.array(z.enum(PERSON_ROLES)).min(1),
  biography: z.string().default(''),
});

const reviewSchema = z.strictObject({
  id,
  title: id,
  author: z.string().min(1),
  created: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, 'expected YYYY-MM-DDTHH:MM:SSZ'),
  review_title: z.string(),
  text: z.string(),
  rating: z.number().min(0.5).max(5).multipleOf(0.5),
  helpful: z.number().int().min(0).default(0),
  unhelpful: z.number().int().min(0).default(0),
  spoilers: z.boolean().default(false),
});

export const curatedSchema = z.strictObject({
  people: z.array(personSchema).default([]),
  titles: z.array(titleSchema).default([]),
  collections: z.array(z.strictObject({ id, name: z.string().min(1), titles: z.array(id).min(1) })).default([]),
  reviews: z.array(reviewSchema).default([]),
});

export type CuratedFile = z.output<typeof curatedSchema>;
export type CuratedTitle = CuratedFile['titles'][number];
