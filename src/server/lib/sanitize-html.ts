import sanitizeHtml from 'sanitize-html';

/**
 * The category's "Additional SEO Content" is HTML written in the Quill editor and shown to every
 * visitor, so it is cleaned before it is stored: only what Quill produces survives. No script, no
 * event handler, no style attribute, and links only to web, mail and phone addresses.
 */

const quillClass = /^ql-(align-(center|right|justify)|size-(small|large|huge)|font-(serif|monospace)|indent-[1-8]|syntax)$/;
const inlineImage = /^data:image\/(png|gif|jpeg|bmp|x-icon|webp);base64,[a-z0-9+/]+=*$/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'h1', 'h2', 'h3', 'ol', 'ul', 'li', 'blockquote', 'pre', 'code', 'span', 'img', 'sub', 'sup'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    li: ['data-list'],
    pre: ['spellcheck'],
    '*': ['class'],
  },
  allowedClasses: { '*': [quillClass] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Nothing between <script> or <style> tags is kept as text either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === '_blank' ? {} : { target: '_blank' }), rel: 'noopener noreferrer' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isAllowedImageSource(frame.attribs.src),
};

/** A web address (the scheme check above vets it), or an inline image of a raster type, however the scheme is spelt. */
function isAllowedImageSource(src: string | undefined): boolean {
  const value = src?.trim();
  if (!value) return false;
  return /^data:/i.test(value) ? inlineImage.test(value) : true;
}

/** Clean HTML ready to store, or null when nothing visible is left (an empty editor gives "<p><br></p>"). */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (!html) return null;
  const clean = sanitizeHtml(html, options).trim();
  const visible = clean.replace(/<(?!img)[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();
  return visible ? clean : null;
}
