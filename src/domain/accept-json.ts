// Content negotiation of the API's answers (docs/reference/json.md): XML unless the client's Accept header
// prefers JSON, so every client that never asked keeps exactly the answers it had.

interface Range {
  type: string;
  subtype: string;
  q: number;
}

function ranges(accept: string): Range[] {
  return accept.split(',').flatMap((part): Range[] => {
    const [media = '', ...params] = part.split(';');
    const [type = '', subtype = ''] = media.trim().toLowerCase().split('/');
    if (!type || !subtype) return [];
    let q = 1;
    for (const p of params) {
      const [k = '', v = ''] = p.split('=');
      if (k.trim().toLowerCase() === 'q') {
        const n = Number(v.trim());
        q = Number.isFinite(n) && n >= 0 && n <= 1 ? n : 0;
      }
    }
    return [{ type, subtype, q }];
  });
}

/** The q the header gives a media type, from its most specific range (RFC 9110 12.5.1), and how specific that was (0 none .. 3 exact). */
function quality(rs: readonly Range[], type: string, subtype: string): { q: number; specificity: number } {
  let best = { q: 0, specificity: 0 };
  for (const r of rs) {
    const specificity = r.type === type && r.subtype === subtype ? 3 : r.type === type && r.subtype === '*' ? 2 : r.type === '*' && r.subtype === '*' ? 1 : 0;
    if (specificity > best.specificity) best = { q: r.q, specificity };
  }
  return best;
}

/**
 * Whether an Accept header asks for JSON rather than XML: application/json with a q above both XML types',
 * or the same q named exactly while XML is met only by a wildcard (`application/json, *` + `/*`). A tie
 * otherwise, `*` + `/*` alone, or no JSON at all keeps XML.
 */
export function prefersJson(accept: string): boolean {
  // Most headers never name JSON: answered without parsing them.
  if (!/json/i.test(accept)) return false;
  const rs = ranges(accept);
  const json = quality(rs, 'application', 'json');
  if (json.q <= 0) return false;
  const xml = [quality(rs, 'application', 'xml'), quality(rs, 'text', 'xml')].reduce((a, b) =>
    b.q > a.q || (b.q === a.q && b.specificity > a.specificity) ? b : a,
  );
  return json.q > xml.q || (json.q === xml.q && json.specificity > xml.specificity);
}
