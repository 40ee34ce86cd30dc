import sanitizeHtml from 'sanitize-html';

/**
 * Custom HTML an admin adds to every page (the appearance editor's "Custom code"): an allow-list
 * of text and layout markup. Scripts, frames, forms, event handlers, inline styles (the CSP would
 * refuse them) and `javascript:` addresses go; what is left cannot run code. Applied when a draft
 * is saved and again when a page is served.
 */
export function sanitizeCustomHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'picture',
      'source',
      'figure',
      'figcaption',
      'details',
      'summary',
    ],
    allowedAttributes: {
      '*': ['class', 'id', 'title', 'lang', 'dir', 'role', 'aria-*', 'data-*'],
      a: ['href', 'target', 'rel', 'name'],
      img: ['src', 'srcset', 'alt', 'width', 'height', 'loading'],
      source: ['srcset', 'type', 'media'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan', 'scope'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset'],
    allowProtocolRelative: false,
    // A link that opens a new tab does not hand the opener to the page it opens.
    transformTags: {
      a: (tagName, attribs) =>
        attribs.target === '_blank'
          ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
          : { tagName, attribs },
    },
  });
}

/**
 * Custom CSS goes into a `<style>` element: nothing in it may close that element. Every `<`
 * becomes the CSS escape `\3c ` (the same character inside a CSS string, and never a tag to the
 * HTML parser). The page's CSP already limits what a stylesheet may load.
 */
export function sanitizeCustomCss(css: string): string {
  return css.replace(/</g, '\\3c ');
}
