// Domain types shared by every layer. Plain data only: no express, no sqlite, no clock.

/** What kind of product a title is; decides the `catalog` category and which links it has. */
export type TitleKind = 'film' | 'tv' | 'game';

export interface TitleLanguages {
  main: string[];
  hearingImpaired: string[];
  dubbed: string[];
}

/** A catalogue title as the store holds it. Immutable within a scenario. */
export interface Title {
  id: number;
  fullTitle: string;
  cleanTitle: string;
  kind: TitleKind;
  studio?: string;
  /** YYYY-MM-DD */
  releaseDate?: string;
  productionYear?: number;
  runTime?: number;
  /** games only */
  players?: number;
  /** games only */
  developer?: string;
  canRent: boolean;
  adult: boolean;
  /** Media format, e.g. `DVD`, `Blu-ray`, `PlayStation 3`. */
  format: string;
  /** The certificate board: bbfc for video, pegi for games (docs/reference/wire-format.md#the-catalog_title). */
  certificateScheme: 'bbfc' | 'pegi';
  certificate: string;
  genres: string[];
  languages: TitleLanguages;
  /** Digital purchase types, e.g. `rental`, `download to own`; may be empty. */
  purchase: string[];
  synopsis: string;
  /** Ratings by the wider world, bins 0.5..5 (10 entries). User ratings in a sandbox add to these. */
  baseHistogram: number[];
  actorIds: number[];
  directorIds: number[];
  collections: Array<{ id: number; name: string; rank: number }>;
  similarIds: number[];
  /** For a multi-disc title: the ids of its discs in order (each disc is its own title row). */
  discIds: number[];
  /** For a disc: the id of the title it belongs to. */
  parentId?: number;
  /** Rank in the "most popular" facet (1 = most popular); absent when not in it. */
  popularityRank?: number;
}

export const PERSON_ROLES = ['actor', 'director', 'dancer', 'drummer', 'narrator', 'singer', 'voice over'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export interface Person {
  id: number;
  name: string;
  roles: PersonRole[];
  biography: string;
  /** Title ids this person worked on, newest first. */
  filmography: number[];
}

/** A review in the public catalogue or written by a simulated user. */
export interface Review {
  id: number;
  titleId: number;
  /** GUID of the user who wrote it, when it is one of the scenario's users. */
  userGuid?: string;
  author: string;
  /** YYYY-MM-DDTHH:MM:SSZ */
  created: string;
  reviewTitle: string;
  reviewText: string;
  helpful: number;
  unhelpful: number;
  spoilers: boolean;
  rating: number;
}

/** Rating statistics of a title as a sandbox sees it (base histogram plus its users' ratings). */
export interface TitleStats {
  histogram: number[];
  numberOfRatings: number;
  /** Bin-weighted mean rounded to the nearest 0.5; undefined when nobody rated. */
  average?: number;
}

/**
 * Which media a subscription covers; decides queue availability
 * (docs/reference/queues-and-lists.md#availability-and-wait).
 */
export type Plan = 'dvd' | 'dvd-bluray' | 'dvd-bluray-games';

export interface User {
  guid: string;
  login: string;
  password: string;
  firstName: string;
  lastName: string;
  nickname: string;
  location: string;
  plan: Plan;
}

export interface Consumer {
  key: string;
  secret: string;
  name: string;
  /**
   * Nonce replay checks; one shipped client reuses a nonce per process
   * (docs/reference/oauth.md#the-rules-in-short).
   */
  checkNonce: boolean;
}

export interface UserRating {
  userGuid: string;
  titleId: number;
  rating: number;
  /** YYYY-MM-DDTHH:MM:SSZ */
  updated: string;
}

export interface SubQueue {
  id: number;
  userGuid: string;
  name: string;
  allocation: number;
  isDefault: boolean;
  position: number;
}

export interface QueueItem {
  userGuid: string;
  queueId: number;
  titleId: number;
  priority: number;
  /** Monotonic insertion order: ties in priority keep the order titles were added. */
  seq: number;
  shippedInOrder: boolean;
  /** For multi-disc titles: the disc ids still queued, in disc order. */
  discIds: number[];
}

export interface Rental {
  id: number;
  userGuid: string;
  titleId: number;
  priority: number;
  /** YYYY-MM-DD */
  shipped: string;
  /** YYYY-MM-DD; undefined while the disc is at home. */
  returned?: string;
}

export interface UserList {
  id: number;
  userGuid: string;
  name: string;
  description: string;
  author: string;
  anonymous: boolean;
  location: string;
  isPublic: boolean;
  created: string;
  updated: string;
}

export interface ListEntry {
  listId: number;
  titleId: number;
  comment: string;
  created: string;
  updated: string;
  seq: number;
}

/** A page request after validation (docs/reference/wire-format.md#paged-lists). */
export interface PageRequest {
  startIndex: number;
  itemsPerPage: number;
}

export interface Page<T> extends PageRequest {
  items: T[];
  total: number;
}
