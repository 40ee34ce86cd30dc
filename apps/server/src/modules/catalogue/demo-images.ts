import sharp from 'sharp';

/**
 * Artwork for the demo catalogue, drawn from SVG at seed time: the repository carries no image
 * files and every album, artist and genre still looks different. Everything is derived from a
 * seed string, so the same catalogue always gets the same pictures.
 */

function hashOf(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

function random(seed: string) {
  let a = hashOf(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function hexToHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l * 100];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s * 100, l * 100];
}

/** The palette colour turned around the hue circle, so albums of one artist differ yet match. */
function shift(hex: string, degrees: number, lightness = 0): string {
  const [h, s, l] = hexToHsl(hex);
  const nl = Math.max(8, Math.min(85, l + lightness));
  return `hsl(${(((h + degrees) % 360) + 360) % 360} ${s.toFixed(0)}% ${nl.toFixed(0)}%)`;
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function initialsOf(name: string): string {
  const words = name.split(/[\s&-]+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

type Art = { seed: string; palette: [string, string]; hue?: number; label?: string };

/** Background gradient plus a composition of circles, rings and bands picked by the seed. */
function composition(width: number, height: number, art: Art): string {
  const rnd = random(art.seed);
  const hue = art.hue ?? Math.floor(rnd() * 40) - 20;
  const [a, b] = art.palette;
  const c1 = shift(a, hue);
  const c2 = shift(b, hue, -4);
  const accent = shift(a, hue + 160, 10);
  const angle = Math.floor(rnd() * 360);
  const shapes: string[] = [];
  const size = Math.min(width, height);
  const kind = Math.floor(rnd() * 3);
  for (let i = 0; i < 5; i++) {
    const x = (rnd() * width).toFixed(0);
    const y = (rnd() * height).toFixed(0);
    const r = (size * (0.12 + rnd() * 0.4)).toFixed(0);
    const opacity = (0.12 + rnd() * 0.3).toFixed(2);
    const colour = i % 2 ? accent : '#ffffff';
    if (kind === 0)
      shapes.push(`<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" fill-opacity="${opacity}"/>`);
    else if (kind === 1) {
      shapes.push(
        `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="${(size * 0.04).toFixed(0)}"/>`,
      );
    } else {
      const h = (size * (0.05 + rnd() * 0.12)).toFixed(0);
      shapes.push(
        `<rect x="-${width}" y="${y}" width="${width * 3}" height="${h}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${(angle % 90) - 45} ${x} ${y})"/>`,
      );
    }
  }
  const label = art.label
    ? `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${(size * 0.34).toFixed(0)}" fill="#ffffff" fill-opacity="0.92">${escapeXml(art.label)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}${label}</svg>`;
}

export function renderArt(width: number, height: number, art: Art): Promise<Buffer> {
  return sharp(Buffer.from(composition(width, height, art)))
    .webp({ quality: 78 })
    .toBuffer();
}
