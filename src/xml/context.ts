/**
 * Addresses every serializer needs; built once per request from the request and the config
 * (docs/reference/wire-format.md#addresses-and-ids).
 */
export interface XmlContext {
  /** scheme://host[:port] the client used, or the configured public URL; no trailing slash. */
  readonly baseUrl: string;
  /** Prefix of every `rel`, default http://schemas.lovefilm.com. */
  readonly schemaBase: string;
  /** Host of the public web pages and artwork images, default http://www.lovefilm.com. */
  readonly webBase: string;
}
