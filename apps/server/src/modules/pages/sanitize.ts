import sanitizeHtml from 'sanitize-html';

/**
 * The body of a custom page, as the rich-text editor writes it: headings, paragraphs, lists,
 * quotes, links, pictures, tables, and embeds of Zema tracks, albums and playlists (an element
 * with `data-zema-embed` and `data-id`, which the web app draws as a player). Everything else goes:
 * scripts, frames, forms, event handlers, inline styles (the CSP would refuse them) and
 * `javascript:` or `data:` addresses. Applied when a page is saved and again when it is served.
 */
export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'hr',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'code',
      'pre',
      'blockquote',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'figure',
      'figcaption',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'colgroup',
      'col',
      'div',
      'span',
    ],
    allowedAttributes: {
      a: ['href', 'target', 'rel', 'title'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      th: ['colspan', 'rowspan', 'scope'],
      td: ['colspan', 'rowspan'],
      col: ['span'],
      div: ['data-zema-embed', 'data-id'],
      ol: ['start'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    transformTags: {
      // A link that opens a new tab does not hand the opener to the page it opens.
      a: (tagName, attribs) =>
        attribs.target === '_blank'
          ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
          : { tagName, attribs: withoutKeys(attribs, ['target', 'rel']) },
      // An embed names a kind of Zema item and its id, nothing else.
      div: (tagName, attribs): sanitizeHtml.Tag => {
        const kind = attribs['data-zema-embed'];
        const id = attribs['data-id'];
        return kind && ['track', 'album', 'playlist'].includes(kind) && /^[1-9][0-9]{0,9}$/.test(id ?? '')
          ? { tagName, attribs: { 'data-zema-embed': kind, 'data-id': id! } }
          : { tagName, attribs: {} };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
  });
}

function withoutKeys(attribs: sanitizeHtml.Attributes, keys: string[]): sanitizeHtml.Attributes {
  return Object.fromEntries(Object.entries(attribs).filter(([key]) => !keys.includes(key)));
}
