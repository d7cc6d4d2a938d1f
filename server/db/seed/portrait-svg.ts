/**
 * Flat-illustration portrait generator for the demo photo pool. Demo profiles need
 * faces without shipping stock photos (licensing, and real people's faces on a dating
 * site would be a privacy problem), so every portrait is drawn from layered shapes and
 * is fully determined by (index, gender): the same pool comes out on every machine.
 */
import { mulberry32 } from '../../../common/seeded-random';
export type PortraitGender = 'female' | 'male';

export const PORTRAIT_WIDTH = 600;
export const PORTRAIT_HEIGHT = 750;

const CX = 300;

interface Skin {
  base: string;
  shadow: string;
  lip: string;
}

const SKINS: Skin[] = [
  { base: '#fde3d0', shadow: '#efc3a7', lip: '#d98a86' },
  { base: '#f8d5ba', shadow: '#e6b391', lip: '#d4837a' },
  { base: '#eec19b', shadow: '#d9a077', lip: '#c97568' },
  { base: '#e0a979', shadow: '#c48859', lip: '#b8655a' },
  { base: '#c98f5e', shadow: '#ab7145', lip: '#9c5247' },
  { base: '#a86d42', shadow: '#8a5432', lip: '#7e3e36' },
  { base: '#87522f', shadow: '#6c3f22', lip: '#5f2d27' },
  { base: '#5e3a22', shadow: '#4a2c18', lip: '#4a221d' },
];

const DARK_HAIR = ['#1f1a17', '#2c1d14', '#3b2619'];
const LIGHT_HAIR = ['#5a3821', '#7a4a2a', '#a0522d', '#b8733a', '#d4a862', '#e6c98e', '#c2703a'];
const GREY_HAIR = ['#b9b5b0', '#d3d0cb', '#9e9a95'];
const IRIS = ['#5b3a1e', '#3f2a1a', '#2f5d8a', '#4f7a4a', '#6b8e9e', '#7a5230'];

const BACKGROUNDS: [string, string][] = [
  ['#ffd6e0', '#ffb3c6'], ['#c9e4ff', '#a0c4ff'], ['#d8f3dc', '#b7e4c7'], ['#fff1c1', '#ffd88a'],
  ['#e4d9ff', '#c3b1f7'], ['#ffe0cc', '#ffbf99'], ['#cdf0ea', '#9fd8cb'], ['#f6d6ff', '#e2a9f3'],
  ['#dfe7fd', '#b8c8f8'], ['#fde2e4', '#f9c0c5'], ['#e2ece9', '#bcd4cd'], ['#fbe7c6', '#f4c59a'],
];

const CLOTHES = ['#6a4c93', '#1982c4', '#8ac926', '#ff595e', '#ffca3a', '#264653', '#2a9d8f',
  '#e76f51', '#3d405b', '#81b29a', '#f2cc8f', '#9b2226', '#005f73', '#ee9b00', '#ffffff', '#22223b'];

const LIPSTICK = ['#c76b73', '#b24a5a', '#d0707a', '#a8323e', '#c25b6b'];

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

/** Darkens (amount < 0) or lightens (amount > 0) a #rrggbb colour. */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (v: number) => Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount);
  const r = channel((n >> 16) & 255);
  const g = channel((n >> 8) & 255);
  const b = channel(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** Every fifth portrait shows an older person (grey hair, smile lines) so older members get fitting photos. */
export function isMaturePortrait(index: number): boolean {
  return index % 5 === 3;
}

export interface PortraitLook {
  gender: PortraitGender;
  mature: boolean;
  skin: Skin;
  hair: string;
  hairStyle: number;
  iris: string;
  background: [string, string];
  clothes: string;
  neckline: number;
  faceWidth: number;
  smile: number;
  glasses: number;
  earrings: number;
  beard: number;
  lipstick: string;
}

/** Picks the traits of portrait `index`; separate from drawing so tests and callers can reason about them. */
export function portraitLook(index: number, gender: PortraitGender): PortraitLook {
  const rnd = mulberry32(index * 7919 + (gender === 'female' ? 17 : 101));
  const mature = isMaturePortrait(index);
  // Weighted towards lighter tones to suit the European-heavy site mix, while keeping every tone present.
  const skinIndex = Math.min(SKINS.length - 1, Math.floor(rnd() ** 1.5 * SKINS.length));
  const dark = skinIndex >= 4;
  const hair = mature ? pick(rnd, GREY_HAIR) : dark || rnd() < 0.35 ? pick(rnd, DARK_HAIR) : pick(rnd, LIGHT_HAIR);
  const female = gender === 'female';
  return {
    gender,
    mature,
    skin: SKINS[skinIndex]!,
    hair,
    // A top knot reads as young; older men get one of the short cuts.
    hairStyle: female ? Math.floor(rnd() * 6) : Math.floor(rnd() * (mature ? 5 : 6)) % (mature ? 5 : 6),
    iris: dark ? pick(rnd, IRIS.slice(0, 2)) : pick(rnd, IRIS),
    background: BACKGROUNDS[(index * 5 + (female ? 0 : 3)) % BACKGROUNDS.length]!,
    clothes: pick(rnd, CLOTHES),
    neckline: Math.floor(rnd() * 3),
    faceWidth: female ? 100 + rnd() * 10 : 106 + rnd() * 12,
    smile: Math.floor(rnd() * 3),
    glasses: rnd() < (mature ? 0.5 : 0.2) ? 1 + Math.floor(rnd() * 2) : 0,
    earrings: female && rnd() < 0.55 ? 1 + Math.floor(rnd() * 2) : 0,
    beard: !female && rnd() < 0.45 ? 1 + Math.floor(rnd() * 3) : 0,
    lipstick: pick(rnd, LIPSTICK),
  };
}


interface Geometry {
  w: number;
  top: number;
  mid: number;
  chin: number;
  eyeY: number;
  mouthY: number;
  neckW: number;
}

function geometry(look: PortraitLook): Geometry {
  const female = look.gender === 'female';
  return { w: look.faceWidth, top: 188, mid: 312, chin: female ? 474 : 484, eyeY: 334, mouthY: 422, neckW: female ? 38 : 48 };
}

function facePath({ w, top, mid, chin }: Geometry, male: boolean): string {
  const ctl = male ? 112 : 96;
  const jaw = male ? 0.56 : 0.44;
  return `M${CX - w},${mid} C${CX - w},${top + 34} ${CX - w * 0.6},${top} ${CX},${top} C${CX + w * 0.6},${top} ${CX + w},${top + 34} ${CX + w},${mid} C${CX + w},${mid + ctl} ${CX + w * jaw},${chin} ${CX},${chin} C${CX - w * jaw},${chin} ${CX - w},${mid + ctl} ${CX - w},${mid} Z`;
}

function body(look: PortraitLook, g: Geometry): string {
  const female = look.gender === 'female';
  const s = female ? 34 : 0;
  const n = g.neckW;
  const cut = [`Q${CX},604 ${CX + n + 6},574`, `L${CX},652 L${CX + n + 6},574`, `Q${CX},668 ${CX + n + 10},574`][look.neckline]!;
  const torso = `M${44 + s},750 C${44 + s},662 ${96 + s},624 ${172 + s / 2},606 C${214},596 ${240},586 ${CX - n - 6},574 ${cut} C${360},586 ${386},596 ${428 - s / 2},606 C${504 - s},624 ${556 - s},662 ${556 - s},750 Z`;
  const dark = shade(look.clothes, -0.18);
  const details =
    look.neckline === 0
      ? `<path d="M${CX - n - 6},574 Q${CX},604 ${CX + n + 6},574" fill="none" stroke="${dark}" stroke-width="9"/>`
      : look.neckline === 1 && !female
        ? `<path d="M${CX - n - 8},570 L${CX - 6},646 L${CX - n - 34},628 Z M${CX + n + 8},570 L${CX + 6},646 L${CX + n + 34},628 Z" fill="${shade(look.clothes, 0.35)}"/>`
        : '';
  // The neck is drawn long and the torso lifted so one set of coordinates serves every neckline.
  const neck = `M${CX - n},380 L${CX - n},680 L${CX + n},680 L${CX + n},380 Z`;
  return `<clipPath id="neck"><path d="${neck}"/></clipPath><path d="${neck}" fill="${look.skin.base}"/>
<ellipse cx="${CX}" cy="${g.chin}" rx="${n + 10}" ry="26" fill="${look.skin.shadow}" clip-path="url(#neck)"/>
<g transform="translate(0 -26)"><path d="${torso}" fill="${look.clothes}"/>${details}
<path d="M${172 + s / 2},640 C${190 + s / 2},690 ${196 + s / 2},720 ${200 + s / 2},750 M${428 - s / 2},640 C${410 - s / 2},690 ${404 - s / 2},720 ${400 - s / 2},750" fill="none" stroke="${dark}" stroke-width="4" opacity="0.35"/></g>`;
}

function eyes(look: PortraitLook, g: Geometry): string {
  const dx = g.w * 0.42;
  const female = look.gender === 'female';
  const lid = shade(look.hair, -0.5);
  const lash = female ? 5 : 3.5;
  return [-1, 1]
    .map((side) => {
      const x = CX + side * dx;
      const y = g.eyeY;
      const almond = `M${x - 22},${y} Q${x},${y - 19} ${x + 22},${y} Q${x},${y + 15} ${x - 22},${y} Z`;
      const flick = female ? `<path d="M${x + side * 21},${y - 1} l${side * 9},-7" stroke="${lid}" stroke-width="3.5" stroke-linecap="round"/>` : '';
      return `<clipPath id="eye${side}"><path d="${almond}"/></clipPath>
<path d="${almond}" fill="#ffffff"/>
<g clip-path="url(#eye${side})"><circle cx="${x}" cy="${y - 1}" r="11" fill="${look.iris}"/><circle cx="${x}" cy="${y - 1}" r="5.5" fill="#1b1410"/><circle cx="${x + 4}" cy="${y - 5}" r="3" fill="#ffffff"/></g>
<path d="M${x - 23},${y + 1} Q${x},${y - 20} ${x + 23},${y + 1}" fill="none" stroke="${lid}" stroke-width="${lash}" stroke-linecap="round"/>${flick}`;
    })
    .join('\n');
}

function brows(look: PortraitLook, g: Geometry): string {
  const dx = g.w * 0.42;
  const y = g.eyeY - 38;
  const colour = look.mature ? shade(look.hair, -0.35) : shade(look.hair, -0.25);
  const width = look.gender === 'female' ? 6 : 9;
  return [-1, 1]
    .map((side) => {
      const x = CX + side * dx;
      return `<path d="M${x - side * 22},${y + 6} Q${x - side * 2},${y - 7} ${x + side * 24},${y + 3}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round"/>`;
    })
    .join('\n');
}

function mouth(look: PortraitLook, g: Geometry): string {
  const y = g.mouthY;
  const female = look.gender === 'female';
  const lip = female ? look.lipstick : shade(look.skin.lip, -0.1);
  if (look.smile === 1) {
    const open = `M${CX - 30},${y} Q${CX},${y + 40} ${CX + 30},${y} Q${CX},${y + 7} ${CX - 30},${y} Z`;
    return `<clipPath id="mouth"><path d="${open}"/></clipPath><path d="${open}" fill="#6e2630"/>
<g clip-path="url(#mouth)"><rect x="${CX - 30}" y="${y}" width="60" height="13" fill="#ffffff"/><ellipse cx="${CX}" cy="${y + 30}" rx="16" ry="9" fill="#d9646f"/></g>
<path d="${open}" fill="none" stroke="${lip}" stroke-width="${female ? 4 : 2}" stroke-linejoin="round"/>`;
  }
  const width = look.smile === 0 ? 28 : 20;
  const depth = look.smile === 0 ? 20 : 13;
  return `<path d="M${CX - width},${y} Q${CX},${y + depth} ${CX + width},${y}" fill="none" stroke="${lip}" stroke-width="${female ? 7 : 5}" stroke-linecap="round"/>`;
}

function faceDetails(look: PortraitLook, g: Geometry): string {
  const { shadow } = look.skin;
  const blush = (look.gender === 'female' ? 0.28 : 0.12) * (SKINS.indexOf(look.skin) >= 5 ? 0.5 : 1);
  const cheeks = [-1, 1].map((s) => `<ellipse cx="${CX + s * g.w * 0.56}" cy="${g.eyeY + 50}" rx="22" ry="13" fill="#ff7f7f" opacity="${blush}"/>`).join('');
  const nose = `<path d="M${CX - 3},${g.eyeY + 12} Q${CX - 11},${g.eyeY + 44} ${CX - 2},${g.eyeY + 50} Q${CX + 6},${g.eyeY + 54} ${CX + 13},${g.eyeY + 47}" fill="none" stroke="${shadow}" stroke-width="4.5" stroke-linecap="round"/>`;
  const lines = look.mature
    ? [-1, 1].map((s) => `<path d="M${CX + s * 38},${g.eyeY + 58} Q${CX + s * 50},${g.mouthY - 2} ${CX + s * 42},${g.mouthY + 18}" fill="none" stroke="${shadow}" stroke-width="3" stroke-linecap="round"/><path d="M${CX + s * (g.w * 0.42 + 30)},${g.eyeY - 4} l${s * 10},-5 M${CX + s * (g.w * 0.42 + 30)},${g.eyeY + 4} l${s * 10},4" stroke="${shadow}" stroke-width="2.5" stroke-linecap="round"/>`).join('')
    : '';
  return cheeks + nose + lines;
}

/** Curly volume as overlapping circles along an ellipse arc (angles in degrees, 0 = right, 90 = down). */
function curls(cy: number, rx: number, ry: number, from: number, to: number, r: number, colour: string): string {
  const out: string[] = [];
  for (let a = from; a <= to; a += 18) {
    const rad = (a * Math.PI) / 180;
    out.push(`<circle cx="${(CX + rx * Math.cos(rad)).toFixed(1)}" cy="${(cy + ry * Math.sin(rad)).toFixed(1)}" r="${r}" fill="${colour}"/>`);
  }
  return out.join('');
}

/** Hair drawn behind the head and body, and hair drawn over the face; both per style. */
function hair(look: PortraitLook, g: Geometry): { back: string; locks: string; front: string } {
  const { w } = g;
  const c = look.hair;
  const hi = `fill="none" stroke="${shade(c, 0.3)}" stroke-width="6" stroke-linecap="round" opacity="0.45"`;
  const cap = (top: number, side: number, spread: number) =>
    `M${CX - w - spread},${side} C${CX - w - spread - 12},${top + 62} ${CX - w * 0.62},${top} ${CX},${top} C${CX + w * 0.62},${top} ${CX + w + spread + 12},${top + 62} ${CX + w + spread},${side}`;
  if (look.gender === 'male') {
    const temple = `L${CX + w - 4},300 C${CX + w - 8},262 ${CX + w - 14},240 ${CX + w - 30},232`;
    const templeL = `C${CX - w + 14},240 ${CX - w + 8},262 ${CX - w + 4},300 Z`;
    switch (look.hairStyle) {
      case 0:
        return { back: '', locks: '', front: `<path d="${cap(142, 300, 5)} ${temple} C${CX + 30},214 ${CX - 30},226 ${CX - w + 30},232 ${templeL}" fill="${c}"/>` };
      case 1:
        return {
          back: '',
          locks: '',
          front: `<path d="${cap(136, 300, 6)} ${temple} C${CX + 10},236 ${CX - 40},200 ${CX - w + 30},226 ${templeL}" fill="${c}"/><path d="M${CX - 36},150 Q${CX - 40},180 ${CX - 46},206" fill="none" stroke="${shade(c, -0.35)}" stroke-width="4" stroke-linecap="round"/><path d="M${CX + 10},162 Q${CX + 60},170 ${CX + 84},200" ${hi}/>`,
        };
      case 2:
        return {
          back: '',
          locks: '',
          front: `<path d="M${CX - w - 5},300 C${CX - w - 16},200 ${CX - w * 0.5},150 ${CX - 16},132 C${CX + 20},100 ${CX + w * 0.95},104 ${CX + w + 8},196 C${CX + w + 10},236 ${CX + w + 6},270 ${CX + w + 5},300 ${temple} C${CX + 20},208 ${CX - 40},220 ${CX - w + 30},232 ${templeL}" fill="${c}"/><path d="M${CX - 10},136 Q${CX + 40},118 ${CX + 80},150" ${hi}/>`,
        };
      case 3:
        return { back: '', locks: '', front: `<path d="${cap(160, 296, 2)} L${CX + w - 2},296 C${CX + w - 8},262 ${CX + w - 16},236 ${CX + w - 30},226 C${CX + 20},212 ${CX - 20},212 ${CX - w + 30},226 C${CX - w + 16},236 ${CX - w + 8},262 ${CX - w + 2},296 Z" fill="${c}" opacity="0.92"/>` };
      case 4:
        return {
          back: '',
          locks: '',
          front: `<path d="${cap(150, 300, 5)} ${temple} C${CX + 30},222 ${CX - 30},222 ${CX - w + 30},232 ${templeL}" fill="${c}"/>${curls(250, w + 2, 96, 195, 345, 30, c)}${curls(236, w - 28, 40, 200, 340, 22, shade(c, 0.12))}`,
        };
      default:
        return {
          back: `<circle cx="${CX}" cy="126" r="34" fill="${shade(c, -0.1)}"/>`,
          locks: '',
          front: `<path d="${cap(150, 304, 6)} L${CX + w - 2},304 C${CX + w - 8},250 ${CX + w - 30},218 ${CX},214 C${CX - w + 30},218 ${CX - w + 8},250 ${CX - w + 2},304 Z" fill="${c}"/><path d="M${CX - 60},176 Q${CX},150 ${CX + 60},176" ${hi}/>`,
        };
    }
  }
  const long = (spread: number, bottom: number, wave: number) =>
    `<path d="M${CX},134 C${CX - w - spread - 20},134 ${CX - w - spread},280 ${CX - w - spread + 4},380 C${CX - w - spread + 6},470 ${CX - w - spread - wave},${bottom - 60} ${CX - w - spread - 10},${bottom} L${CX + w + spread + 10},${bottom} C${CX + w + spread + wave},${bottom - 60} ${CX + w + spread - 6},470 ${CX + w + spread - 4},380 C${CX + w + spread},280 ${CX + w + spread + 20},134 ${CX},134 Z" fill="${shade(c, -0.12)}"/>`;
  const lock = (side: number, bottom: number, wave: number) => {
    const x = CX + side * w;
    return `<path d="M${x + side * 10},300 C${x + side * (26 + wave)},420 ${x + side * (30 - wave)},520 ${x + side * 48},${bottom} Q${x + side * 20},${bottom + 16} ${x - side * 8},${bottom - 24} C${x - side * 2},${bottom - 110} ${x - side * 14},420 ${x - side * 10},330 Z" fill="${c}"/>`;
  };
  switch (look.hairStyle) {
    case 0:
    case 5: {
      const middle = look.hairStyle === 5;
      const line = middle
        ? `L${CX + w - 2},380 C${CX + w - 4},270 ${CX + 34},206 ${CX},198 C${CX - 34},206 ${CX - w + 4},270 ${CX - w + 2},380 Z`
        : `L${CX + w - 2},380 C${CX + w - 6},280 ${CX + w - 20},238 ${CX + w - 54},226 C${CX + 10},214 ${CX - w + 26},256 ${CX - w + 4},340 L${CX - w - 4},380 Z`;
      return {
        back: long(44, 640, 0),
        locks: lock(-1, 650, 0) + lock(1, 650, 0),
        front: `<path d="${cap(136, 380, 14)} ${line}" fill="${c}"/><path d="M${CX + 20},152 Q${CX + 80},160 ${CX + 104},230" ${hi}/>`,
      };
    }
    case 1:
      return {
        back: long(54, 630, 30),
        locks: lock(-1, 640, 16) + lock(1, 640, 16),
        front: `<path d="${cap(134, 380, 16)} L${CX + w - 2},380 C${CX + w - 4},270 ${CX + 44},204 ${CX + 14},198 C${CX - 30},206 ${CX - w + 4},270 ${CX - w + 2},380 Z" fill="${c}"/><path d="M${CX - 30},152 Q${CX - 90},170 ${CX - 104},236" ${hi}/>`,
      };
    case 2:
      return {
        back: long(40, 500, 6),
        locks: '',
        front: `<path d="${cap(134, 470, 18)} Q${CX + w + 10},480 ${CX + w - 6},470 C${CX + w - 6},380 ${CX + w - 8},300 ${CX + w - 26},262 Q${CX + 40},276 ${CX},262 Q${CX - 40},276 ${CX - w + 26},262 C${CX - w + 8},300 ${CX - w + 6},380 ${CX - w + 6},470 Q${CX - w - 10},480 ${CX - w - 18},470 Z" fill="${c}"/><path d="M${CX - 50},160 Q${CX},146 ${CX + 50},160" ${hi}/>`,
      };
    case 3:
      return {
        back: `<circle cx="${CX}" cy="124" r="46" fill="${shade(c, -0.08)}"/><path d="M${CX - 30},110 Q${CX},96 ${CX + 30},112" ${hi}/>`,
        locks: '',
        front: `<path d="${cap(146, 318, 8)} L${CX + w - 2},318 C${CX + w - 6},250 ${CX + w - 30},214 ${CX},210 C${CX - w + 30},214 ${CX - w + 6},250 ${CX - w + 2},318 Z" fill="${c}"/><path d="M${CX - w + 4},300 q-10,30 2,62" fill="none" stroke="${c}" stroke-width="5" stroke-linecap="round"/>`,
      };
    default:
      return {
        back: curls(330, w + 58, 190, 150, 390, 46, shade(c, -0.1)) + `<ellipse cx="${CX}" cy="330" rx="${w + 60}" ry="180" fill="${shade(c, -0.1)}"/>`,
        locks: '',
        front: `<path d="${cap(140, 340, 12)} L${CX + w - 2},340 C${CX + w - 6},270 ${CX + 40},236 ${CX},240 C${CX - 40},236 ${CX - w + 6},270 ${CX - w + 2},340 Z" fill="${c}"/>${curls(232, w - 12, 48, 195, 345, 26, c)}`,
      };
  }
}

function beard(look: PortraitLook, g: Geometry): string {
  if (!look.beard) return '';
  const { w, chin } = g;
  const colour = look.mature ? look.hair : shade(look.hair, -0.05);
  const shape = `M${CX - w + 1},340 C${CX - w + 2},420 ${CX - w * 0.52},${chin + 20} ${CX},${chin + 20} C${CX + w * 0.52},${chin + 20} ${CX + w - 2},420 ${CX + w - 1},340 L${CX + w - 12},350 C${CX + w - 22},392 ${CX + 44},392 ${CX},394 C${CX - 44},392 ${CX - w + 22},392 ${CX - w + 12},350 Z`;
  const moustache = `<path d="M${CX - 44},${g.mouthY - 2} Q${CX - 30},${g.mouthY - 26} ${CX},${g.mouthY - 18} Q${CX + 30},${g.mouthY - 26} ${CX + 44},${g.mouthY - 2} Q${CX},${g.mouthY - 12} ${CX - 44},${g.mouthY - 2} Z" fill="${colour}"/>`;
  if (look.beard === 1) return `<path d="${shape}" fill="${colour}" opacity="0.22"/>`;
  if (look.beard === 2) return `<path d="${shape}" fill="${colour}"/>${moustache}`;
  return `${moustache}<path d="M${CX - 26},${chin - 30} Q${CX},${chin - 40} ${CX + 26},${chin - 30} Q${CX + 24},${chin + 14} ${CX},${chin + 16} Q${CX - 24},${chin + 14} ${CX - 26},${chin - 30} Z" fill="${colour}"/>`;
}

function accessories(look: PortraitLook, g: Geometry): string {
  const dx = g.w * 0.42;
  let out = '';
  if (look.glasses) {
    const frame = `fill="#ffffff" fill-opacity="0.12" stroke="#2b2626" stroke-width="5"`;
    const lens = (x: number) =>
      look.glasses === 1 ? `<circle cx="${x}" cy="${g.eyeY}" r="30" ${frame}/>` : `<rect x="${x - 34}" y="${g.eyeY - 24}" width="68" height="48" rx="13" ${frame}/>`;
    const inner = look.glasses === 1 ? 30 : 34;
    out += `${lens(CX - dx)}${lens(CX + dx)}<path d="M${CX - dx + inner},${g.eyeY - 4} Q${CX},${g.eyeY - 14} ${CX + dx - inner},${g.eyeY - 4} M${CX - dx - inner},${g.eyeY - 6} L${CX - g.w},${g.eyeY - 12} M${CX + dx + inner},${g.eyeY - 6} L${CX + g.w},${g.eyeY - 12}" fill="none" stroke="#2b2626" stroke-width="5"/>`;
  }
  if (look.earrings) {
    out += [-1, 1]
      .map((s) => {
        const x = CX + s * (g.w - 2);
        return look.earrings === 1 ? `<circle cx="${x}" cy="368" r="6" fill="#f2c14e"/>` : `<circle cx="${x}" cy="380" r="13" fill="none" stroke="#f2c14e" stroke-width="4"/>`;
      })
      .join('');
  }
  return out;
}

/** The SVG document of portrait `index` of `gender` (600x750, no text, no external refs). */
export function portraitSvg(index: number, gender: PortraitGender): string {
  const look = portraitLook(index, gender);
  const g = geometry(look);
  const male = gender === 'male';
  const h = hair(look, g);
  const [bg1, bg2] = look.background;
  const ears = [-1, 1]
    .map((s) => `<ellipse cx="${CX + s * (g.w - 2)}" cy="334" rx="17" ry="29" fill="${look.skin.base}"/><ellipse cx="${CX + s * (g.w + 1)}" cy="334" rx="7" ry="15" fill="${look.skin.shadow}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" viewBox="0 0 ${PORTRAIT_WIDTH} ${PORTRAIT_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
<rect width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" fill="url(#bg)"/>
<circle cx="${CX}" cy="330" r="250" fill="#ffffff" opacity="0.22"/>
<g transform="translate(${CX} ${PORTRAIT_HEIGHT}) scale(1.1) translate(${-CX} ${-PORTRAIT_HEIGHT})">
${h.back}
${body(look, g)}
${h.locks}
${ears}
<path d="${facePath(g, male)}" fill="${look.skin.base}"/>
${faceDetails(look, g)}
${beard(look, g)}
${mouth(look, g)}
${eyes(look, g)}
${brows(look, g)}
${h.front}
${accessories(look, g)}
</g>
</svg>`;
}
