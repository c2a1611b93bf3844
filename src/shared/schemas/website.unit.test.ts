import { describe, expect, it } from 'vitest';
import { websiteField, withHttps } from './website';

const website = websiteField('Invalid URL');

describe('a website field', () => {
  it('adds https:// when no scheme is given, and keeps a given http(s) address as it is', () => {
    expect(withHttps('example.com')).toBe('https://example.com');
    expect(withHttps(' www.example.com/shop?x=1 ')).toBe('https://www.example.com/shop?x=1');
    expect(withHttps('//example.com')).toBe('https://example.com');
    expect(withHttps('example.com:8080/x')).toBe('https://example.com:8080/x');
    expect(withHttps('http://example.com')).toBe('http://example.com');
    expect(withHttps('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(withHttps('mailto:a@example.com')).toBe('mailto:a@example.com');
    expect(withHttps(null)).toBe(null);
  });

  it('keeps http(s) addresses with a real host, blank as null, and refuses the rest', () => {
    expect(website.parse('example.com')).toBe('https://example.com');
    expect(website.parse('http://localhost:3000')).toBe('http://localhost:3000');
    expect(website.parse('http://[::1]/')).toBe('http://[::1]/');
    expect(website.parse('  ')).toBe(null);
    expect(website.parse(undefined)).toBe(null);
    for (const bad of ['not a url', 'nope', 'javascript:alert(1)', 'mailto:a@example.com', 'ftp://example.com', 'http://', 'https://exa mple.com']) {
      expect(website.safeParse(bad).error?.issues[0]?.message, bad).toBe('Invalid URL');
    }
  });
});
