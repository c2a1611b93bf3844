import type { EncodedImage } from './encoded-image';
import { loadSharp } from './lazy-modules';

export const SCREENSHOT_SIZE = { width: 800, height: 500 };

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The stand-in when no screenshot can be taken: the tool's name and domain on a calm background. */
export async function placeholderImage(name: string, domain: string | null): Promise<EncodedImage> {
  const { width, height } = SCREENSHOT_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef2ff"/><stop offset="1" stop-color="#e0e7ff"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect x="40" y="40" width="${width - 80}" height="${height - 80}" rx="24" fill="#ffffff" opacity="0.7"/>
  <text x="50%" y="${domain ? '46%' : '52%'}" text-anchor="middle" font-family="sans-serif" font-size="44" font-weight="700" fill="#1e1b4b">${escapeXml(shorten(name, 30))}</text>
  ${domain ? `<text x="50%" y="60%" text-anchor="middle" font-family="sans-serif" font-size="26" fill="#4338ca">${escapeXml(shorten(domain, 45))}</text>` : ''}
</svg>`;
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
  return { data, contentType: 'image/webp', width: info.width, height: info.height };
}
