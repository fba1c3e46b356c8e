import { el } from './writer.js';

/** `<resource>` holding links: GET /users and GET /users/{guid}/ratings (spec 2.4, 2.5). */
export function resourceXml(...links: string[]): string {
  return el('resource', undefined, ...links);
}

/** `<resources_created>` holding one link per created resource: the answer to a rating POST (fidelity 6). */
export function resourcesCreatedXml(...links: string[]): string {
  return el('resources_created', undefined, ...links);
}
