import { Fragment, type ReactNode } from 'react';
import type { TransFn } from '#src/lib/i18n';

/** Marks an argument's place in the translated text, so the text can be cut there. */
const MARK = '\u0001';

/**
 * A message whose arguments are elements (a name set in bold): the whole sentence is translated
 * as one message, `msg('Mail goes out as {sender}')`, then cut at its arguments, which are put
 * back as the given nodes wherever the language's word order places them.
 */
export function richMessage(trans: TransFn, message: string, nodes: Record<string, ReactNode>): ReactNode[] {
  const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `${MARK}${name}${MARK}`]));
  const parts: ReactNode[] = [];
  const seen = new Map<string, number>();
  let isArgument = false;
  for (const part of trans(message, marks).split(MARK)) {
    if (isArgument) {
      // An argument may come twice in a line: its key counts its uses.
      const uses = (seen.get(part) ?? 0) + 1;
      seen.set(part, uses);
      parts.push(<Fragment key={`${part}:${uses}`}>{nodes[part]}</Fragment>);
    } else if (part) {
      parts.push(part);
    }
    isArgument = !isArgument;
  }
  return parts;
}
