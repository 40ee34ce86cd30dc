/**
 * A JSON reader for Icecast's `status-json.xsl`, which is JSON made by an XSLT that guesses types:
 * a value that looks like a number is printed bare, so a title "007", ".5" or "-05" comes out as
 * invalid JSON (`"title":007`), and some versions and forks print an empty or dash value bare
 * (`"title":-`, `"genre":,`), or leave control characters raw inside strings. Strict JSON.parse
 * loses the whole status to one such title; this reader keeps it:
 *
 * - quoted strings are read as JSON strings (raw control characters allowed);
 * - any bare value is kept as its text (`007` → "007", `-` → "-"), `null` and an empty one → null,
 *   so a title is never turned into a number or a boolean and the caller converts counts itself.
 *
 * Throws a SyntaxError for what is not JSON-like at all (an HTML error page).
 */
export type Lenient = string | null | Lenient[] | { [key: string]: Lenient };

const MAX_DEPTH = 32;

export function parseLenientJson(source: string): Lenient {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at ${i} of the status document`);
  };
  const space = () => {
    while (i < source.length && /\s/.test(source[i]!)) i++;
  };

  const quoted = (): string => {
    i++; // the opening quote
    let out = '';
    for (;;) {
      if (i >= source.length) fail('an unterminated string');
      const c = source[i++]!;
      if (c === '"') return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = source[i++];
      if (e === 'n') out += '\n';
      else if (e === 't') out += '\t';
      else if (e === 'r') out += '\r';
      else if (e === 'b') out += '\b';
      else if (e === 'f') out += '\f';
      else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i, i + 4))) {
        out += String.fromCharCode(Number.parseInt(source.slice(i, i + 4), 16));
        i += 4;
      } else if (e !== undefined) out += e; // \" \\ \/ and, leniently, anything else as itself
    }
  };

  const bare = (): string | null => {
    const start = i;
    while (i < source.length && !',}]'.includes(source[i]!)) i++;
    const raw = source.slice(start, i).trim();
    return raw === '' || raw === 'null' ? null : raw;
  };

  const value = (depth: number): Lenient => {
    if (depth > MAX_DEPTH) fail('nesting too deep');
    space();
    const c = source[i];
    if (c === '{') {
      i++;
      const obj: { [key: string]: Lenient } = {};
      for (;;) {
        space();
        if (source[i] === '}') {
          i++;
          return obj;
        }
        if (source[i] === ',') {
          i++;
          continue;
        }
        if (source[i] !== '"') fail('a key expected');
        const key = quoted();
        space();
        if (source[i] !== ':') fail('a colon expected');
        i++;
        obj[key] = value(depth + 1);
        space();
        if (source[i] === ',') i++;
        else if (source[i] !== '}') fail('a comma or } expected');
      }
    }
    if (c === '[') {
      i++;
      const list: Lenient[] = [];
      for (;;) {
        space();
        if (source[i] === ']') {
          i++;
          return list;
        }
        list.push(value(depth + 1));
        space();
        if (source[i] === ',') i++;
        else if (source[i] !== ']') fail('a comma or ] expected');
      }
    }
    if (c === '"') return quoted();
    if (c === undefined) fail('a value expected');
    return bare();
  };

  const result = value(0);
  space();
  if (i < source.length) fail('text after the document');
  if (result === null || typeof result !== 'object') fail('not an object');
  return result;
}
