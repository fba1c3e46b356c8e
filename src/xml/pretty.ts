/**
 * Indents a compact document for people reading answers (`--pretty`). The serializers never write mixed
 * content, so an element holds either text or elements, and indenting between tags changes no text value.
 */
export function prettyXml(compact: string, indent = '  '): string {
  const tokens = compact.match(/<[^>]+>|[^<]+/g) ?? [];
  let depth = 0;
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.startsWith('<?')) {
      out += t + '\n';
    } else if (t.startsWith('</')) {
      depth--;
      out += indent.repeat(depth) + t + '\n';
    } else if (t.startsWith('<')) {
      const selfClosing = t.endsWith('/>');
      const next = tokens[i + 1];
      // <a>text</a> stays on one line.
      if (!selfClosing && next !== undefined && !next.startsWith('<') && tokens[i + 2]?.startsWith('</')) {
        out += indent.repeat(depth) + t + next + tokens[i + 2] + '\n';
        i += 2;
        continue;
      }
      out += indent.repeat(depth) + t + '\n';
      if (!selfClosing) depth++;
    } else {
      out += indent.repeat(depth) + t + '\n';
    }
  }
  return out;
}
