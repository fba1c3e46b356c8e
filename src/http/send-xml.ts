import type { Response } from 'express';
import { prettyXml } from '../xml/pretty.js';
import { doc } from '../xml/writer.js';

export const XML_CONTENT_TYPE = 'application/xml;charset=UTF-8';

/** Sends an XML document with the declaration and content type of fidelity 1; indented with --pretty. */
export function sendXml(res: Response, status: number, root: string): void {
  res.status(status).set('Content-Type', XML_CONTENT_TYPE).send(xmlBytes(res, root));
}

/** The bytes of an XML answer: the declaration, then the root, indented with --pretty. */
export function xmlBytes(res: Response, root: string): Buffer {
  const body = res.app.locals['prettyXml'] ? prettyXml(doc(root)) : doc(root);
  // A Buffer, because express rewrites the charset of a string body to `; charset=utf-8`.
  return Buffer.from(body, 'utf8');
}
