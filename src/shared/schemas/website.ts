import { z } from 'zod';

/** "https://", "http://", "ftp://": the address says how to reach it. */
const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i;
/** "mailto:", "javascript:": another kind of address, left as it is (and refused below). "host:8080" is not one. */
const otherScheme = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * What a person types as a website ("example.com", "www.example.com/shop") as an address a link
 * can open: https:// is added when no scheme is given. Anything else is left alone.
 */
export function withHttps(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const address = value.trim();
  if (address === '' || withScheme.test(address) || otherScheme.test(address)) return address;
  return `https://${address.replace(/^\/+/, '')}`;
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    // A host without a dot ("https://abc") is a typo far more often than a site; localhost and IPv6
    // literals ("http://[::1]/") are addresses all the same (the screenshot guard refuses private ones).
    const host = url.hostname;
    return (url.protocol === 'http:' || url.protocol === 'https:') && (host.includes('.') || host === 'localhost' || host.startsWith('[')) && !/\s/.test(value);
  } catch {
    return false;
  }
}

/**
 * A website field (a profile's, a user's, a listing's): optional, blank becomes null, https:// is
 * added when the scheme is left out, and only http(s) addresses are kept. The one rule for the
 * forms, the API and the CSV import alike. `base` is the string it starts from (the listing
 * schema's refuses NUL characters, as its other texts do).
 */
export const websiteField = (message: string, base: z.ZodType<string> = z.string({ error: message })) =>
  z.preprocess(
    withHttps,
    base
      .refine((value) => value.length <= 2000, message)
      .refine((value) => value === '' || isWebAddress(value), message)
      .nullish()
      .transform((value) => (value ? value : null)),
  );
