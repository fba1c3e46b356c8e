// The `--pretty` printer is written here rather than taken from xmlbuilder2: parsed and re-serialized by
// xmlbuilder2, an answer is read back differently. It writes a CR in text and a tab, LF or CR in an
// attribute as raw characters where writer.ts wrote references, and a parser then reads LF and spaces
// (XML 1.0 2.11, 3.3.3); it drops whitespace-only text unless told not to, and turns `<a></a>` into `<a/>`.
// Indenting only between tags, and never inside an element that holds text, needs no tree at all.

// Comments, CDATA and processing instructions; tags (a quoted `>` stays inside); text.
const TOKENS = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+/g;

const isOpen = (t: string) => /^<[^/!?]/.test(t) && !t.endsWith('/>');
const isClose = (t: string) => t.startsWith('</');
// Character data: text and CDATA sections. An element holding any keeps its content exactly as written.
const isText = (t: string) => t[0] !== '<' || t.startsWith('<![CDATA[');

/**
 * Indents a document for people reading answers (`--pretty`): every element on its own line, indented by
 * depth. Line breaks and indentation go only between the children of an element that holds elements and no
 * text, where they change no value; an element with text (`<a>x</a>`, `<a> </a>`, mixed content) or with
 * nothing (`<a></a>`) is written on one line exactly as it came, so every text and attribute value, and
 * the form of every tag, reads back as in the compact document.
 */
export function prettyXml(compact: string, indent = '  '): string {
  const tokens = compact.match(TOKENS) ?? [];
  // For each start tag: the index of its end tag, and whether text sits directly inside it.
  const end = new Map<number, number>();
  const holdsText = new Set<number>();
  const open: number[] = [];
  tokens.forEach((t, i) => {
    if (isOpen(t)) open.push(i);
    else if (isClose(t)) {
      const start = open.pop();
      if (start !== undefined) end.set(start, i);
    } else if (isText(t) && open.length > 0) holdsText.add(open.at(-1)!);
  });

  let out = '';
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const close = end.get(i);
    if (close !== undefined && (holdsText.has(i) || close === i + 1)) {
      out += indent.repeat(depth) + tokens.slice(i, close + 1).join('') + '\n';
      i = close;
    } else if (isClose(t)) {
      depth = Math.max(0, depth - 1);
      out += indent.repeat(depth) + t + '\n';
    } else if (isText(t) && depth === 0 && /^[ \t\r\n]*$/.test(t)) {
      // White space outside the root element is no part of the document's content.
    } else {
      out += indent.repeat(depth) + t + '\n';
      if (close !== undefined) depth++;
    }
  }
  return out;
}
