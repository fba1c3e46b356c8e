/**
 * The largest id the simulator hands out or reads from a scenario: the API's routes take an id of at most
 * 15 digits (`/^\d{1,15}$/` in the route files), and every number that short is a safe integer, so an id
 * read back from SQLite is the id written. A sequence past it would create rows no request can address,
 * and past 2^53 ids that read back as their neighbours.
 */
export const MAX_ID = 999_999_999_999_999;
