import { el } from './writer.js';

/**
 * `<resource>` holding links: GET /users and GET /users/{guid}/ratings
 * (docs/reference/subscriber-resources.md#routes).
 */
export function resourceXml(...links: string[]): string {
  return el('resource', undefined, ...links);
}

/**
 * `<resources_created>` holding one link per created resource: the answer to a rating POST
 * (docs/reference/wire-format.md#write-answers).
 */
export function resourcesCreatedXml(...links: string[]): string {
  return el('resources_created', undefined, ...links);
}
