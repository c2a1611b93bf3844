import type { EncodedImage } from '../../lib/encoded-image';
import { loadSharp } from '../../lib/lazy-modules';

/** Gradient pairs that stay readable under white text. */
const palettes: [string, string][] = [
  ['#4f46e5', '#db2777'],
  ['#0ea5e9', '#6366f1'],
  ['#059669', '#0d9488'],
  ['#f97316', '#e11d48'],
  ['#7c3aed', '#2563eb'],
  ['#0f766e', '#1d4ed8'],
  ['#be123c', '#7c2d12'],
  ['#1e293b', '#4338ca'],
  ['#ca8a04', '#c2410c'],
  ['#0369a1', '#0f766e'],
];

const font = `font-family="DejaVu Sans, sans-serif" font-weight="bold" fill="#ffffff"`;

function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

const paletteFor = (text: string) => palettes[hashOf(text) % palettes.length]!;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** "HubSpot CRM Setup & Onboarding" -> "HC": the first letters of the first two words. */
export function initialsOf(text: string): string {
  const words = text.split(/[\s&/,.()-]+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * Splits a title into at most two lines of roughly `maxChars` characters; a longer remainder is
 * cut with an ellipsis. Character counts stand in for measuring, which SVG-in-sharp cannot do.
 */
function wrapTitle(title: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  const second = `${lines[1]} ${lines.slice(2).join(' ')}`;
  return [lines[0]!, `${second.slice(0, maxChars - 1).trimEnd()}…`];
}

// The top corners stay clear: cards lay the favourite heart and the trending rank over them.
function listingSvg(title: string, label: string): string {
  const [from, to] = paletteFor(title);
  const fontSize = title.length > 36 ? 36 : 42;
  const lines = wrapTitle(title, fontSize === 36 ? 32 : 27);
  const lastBaseline = 386;
  const titleText = lines
    .map((text, i) => {
      const y = lastBaseline - (lines.length - 1 - i) * (fontSize + 10);
      return `<text x="64" y="${y}" font-size="${fontSize}" ${font}>${escapeXml(text)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="800" height="450" fill="url(#g)"/>
  <circle cx="690" cy="70" r="190" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="760" cy="420" r="120" fill="#ffffff" fill-opacity="0.06"/>
  <rect x="64" y="140" width="104" height="104" rx="24" fill="#ffffff" fill-opacity="0.18"/>
  <text x="116" y="209" text-anchor="middle" font-size="44" ${font}>${escapeXml(initialsOf(title))}</text>
  <rect x="192" y="172" width="${label.length * 14 + 38}" height="40" rx="20" fill="#ffffff" fill-opacity="0.16"/>
  <text x="210" y="199" font-size="18" letter-spacing="1.5" ${font}>${escapeXml(label.toUpperCase())}</text>
  ${titleText}
</svg>`;
}

function avatarSvg(name: string): string {
  const [from, to] = paletteFor(name);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="210" cy="40" r="90" fill="#ffffff" fill-opacity="0.1"/>
  <text x="128" y="156" text-anchor="middle" font-size="88" ${font}>${escapeXml(initialsOf(name))}</text>
</svg>`;
}

// Low effort keeps the whole catalogue's images to about a second; at these sizes the files stay small anyway.
async function render(svg: string): Promise<EncodedImage> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 75, effort: 1 }).toBuffer({ resolveWithObject: true });
  return { data, contentType: 'image/webp', width: info.width, height: info.height };
}

/** An 800x450 cover for a listing: gradient from its title, its initials, a label and the title. */
export const renderListingImage = (title: string, label: string) => render(listingSvg(title, label));

/** A 256x256 avatar with a company's initials. */
export const renderAvatar = (name: string) => render(avatarSvg(name));
