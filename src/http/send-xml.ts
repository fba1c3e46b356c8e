import type { Response } from 'express';
import { doc } from '../xml/writer.js';

export const XML_CONTENT_TYPE = 'application/xml;charset=UTF-8';

/** Sends an XML document with the declaration and content type of fidelity 1. */
export function sendXml(res: Response, status: number, root: string): void {
  // A Buffer, because express rewrites the charset of a string body to `; charset=utf-8`.
  res.status(status).set('Content-Type', XML_CONTENT_TYPE).send(Buffer.from(doc(root), 'utf8'));
}
