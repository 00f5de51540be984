/** Illustrated head-and-shoulders portraits of the children and the team (never photos). */

type Hair = 'short' | 'puffs' | 'braids' | 'cropped' | 'headwrap' | 'kufi' | 'bun' | 'afro';
/** How a portrait looks: background, skin, hair, clothes and accessories. */
export type AvatarOptions = {
  bg: [string, string];
  skin: string;
  hair: Hair;
  hairColor?: string;
  shirt: string;
  collar?: string;
  glasses?: boolean;
  earrings?: boolean;
  adult?: boolean;
};

/** A friendly illustrated head-and-shoulders portrait (never a photo). */
export function avatar(size: number, o: AvatarOptions): string {
  const c = size / 2;
  const u = size / 400;
  const hairColor = o.hairColor ?? '#1c1917';
  const headY = 175 * u;
  const headR = 82 * u;
  const shade = '#00000022';
  // Adults get a longer face and smaller eyes than children, so portraits read as grown-ups.
  const faceRy = o.adult ? 1.14 : 1.05;
  const eyeRx = (o.adult ? 6.5 : 8) * u;
  const eyeRy = (o.adult ? 8 : 10) * u;
  const back: string[] = [];
  const front: string[] = [];
  switch (o.hair) {
    case 'afro':
      back.push(`<circle cx="${c}" cy="${headY - 20 * u}" r="${118 * u}" fill="${hairColor}"/>`);
      break;
    case 'puffs':
      back.push(
        `<circle cx="${c - 92 * u}" cy="${headY - 64 * u}" r="${44 * u}" fill="${hairColor}"/><circle cx="${c + 92 * u}" cy="${headY - 64 * u}" r="${44 * u}" fill="${hairColor}"/>`,
      );
      front.push(
        `<path d="M${c - headR} ${headY - 6 * u} Q${c - headR} ${headY - headR - 10 * u} ${c} ${headY - headR - 12 * u} Q${c + headR} ${headY - headR - 10 * u} ${c + headR} ${headY - 6 * u} Q${c} ${headY - 60 * u} ${c - headR} ${headY - 6 * u} Z" fill="${hairColor}"/>`,
      );
      break;
    case 'braids':
      for (let i = -3; i <= 3; i++)
        back.push(
          `<rect x="${c + i * 22 * u - 7 * u}" y="${headY - 40 * u}" width="${14 * u}" height="${150 * u}" rx="${7 * u}" fill="${hairColor}"/>`,
        );
      front.push(
        `<path d="M${c - headR - 4 * u} ${headY} Q${c - headR} ${headY - headR - 14 * u} ${c} ${headY - headR - 14 * u} Q${c + headR} ${headY - headR - 14 * u} ${c + headR + 4 * u} ${headY} Q${c} ${headY - 64 * u} ${c - headR - 4 * u} ${headY} Z" fill="${hairColor}"/>`,
      );
      for (let i = -2; i <= 2; i++)
        front.push(
          `<path d="M${c + i * 26 * u} ${headY - headR - 10 * u} Q${c + i * 30 * u} ${headY - 60 * u} ${c + i * 34 * u} ${headY - 40 * u}" stroke="#ffffff22" stroke-width="${3 * u}" fill="none"/>`,
        );
      break;
    case 'headwrap':
      front.push(`<path d="M${c - headR - 10 * u} ${headY - 14 * u} C${c - headR - 30 * u} ${headY - headR - 90 * u} ${c + headR + 40 * u} ${headY - headR - 110 * u} ${c + headR + 10 * u} ${headY - 14 * u} Q${c} ${headY - 50 * u} ${c - headR - 10 * u} ${headY - 14 * u} Z" fill="${hairColor}"/>
<path d="M${c - headR + 6 * u} ${headY - 44 * u} Q${c} ${headY - headR - 40 * u} ${c + headR + 4 * u} ${headY - 70 * u} M${c - headR + 20 * u} ${headY - 80 * u} Q${c + 10 * u} ${headY - headR - 80 * u} ${c + headR - 4 * u} ${headY - 110 * u}" stroke="#fde047" stroke-width="${7 * u}" stroke-linecap="round" fill="none"/>
<ellipse cx="${c + 46 * u}" cy="${headY - headR - 54 * u}" rx="${30 * u}" ry="${20 * u}" transform="rotate(-25 ${c + 46 * u} ${headY - headR - 54 * u})" fill="${hairColor}"/>
<ellipse cx="${c + 46 * u}" cy="${headY - headR - 54 * u}" rx="${30 * u}" ry="${20 * u}" transform="rotate(-25 ${c + 46 * u} ${headY - headR - 54 * u})" fill="#00000026"/>`);
      break;
    case 'kufi':
      front.push(`<path d="M${c - headR + 4 * u} ${headY - 30 * u} Q${c} ${headY - headR - 50 * u} ${c + headR - 4 * u} ${headY - 30 * u} Z" fill="${hairColor}"/>
<path d="M${c - headR + 10 * u} ${headY - 40 * u} H${c + headR - 10 * u}" stroke="#fbbf24" stroke-width="${5 * u}"/>`);
      break;
    case 'bun':
      back.push(`<circle cx="${c}" cy="${headY - headR - 22 * u}" r="${36 * u}" fill="${hairColor}"/>`);
      front.push(
        `<path d="M${c - headR - 2 * u} ${headY - 4 * u} Q${c - headR} ${headY - headR - 8 * u} ${c} ${headY - headR - 10 * u} Q${c + headR} ${headY - headR - 8 * u} ${c + headR + 2 * u} ${headY - 4 * u} Q${c + 20 * u} ${headY - 66 * u} ${c - headR - 2 * u} ${headY - 4 * u} Z" fill="${hairColor}"/>`,
      );
      break;
    case 'cropped':
      front.push(
        `<path d="M${c - headR + 2 * u} ${headY - 18 * u} Q${c - headR} ${headY - headR - 4 * u} ${c} ${headY - headR - 4 * u} Q${c + headR} ${headY - headR - 4 * u} ${c + headR - 2 * u} ${headY - 18 * u} Q${c} ${headY - 62 * u} ${c - headR + 2 * u} ${headY - 18 * u} Z" fill="${hairColor}"/>`,
      );
      break;
    case 'short':
      front.push(
        `<path d="M${c - headR - 4 * u} ${headY - 4 * u} Q${c - headR - 6 * u} ${headY - headR - 16 * u} ${c} ${headY - headR - 16 * u} Q${c + headR + 6 * u} ${headY - headR - 16 * u} ${c + headR + 4 * u} ${headY - 4 * u} Q${c + 10 * u} ${headY - 58 * u} ${c - headR - 4 * u} ${headY - 4 * u} Z" fill="${hairColor}"/>`,
      );
      break;
  }
  const collar = o.collar
    ? `<path d="M${c - 38 * u} ${288 * u} L${c} ${330 * u} L${c + 38 * u} ${288 * u} L${c + 22 * u} ${282 * u} L${c} ${306 * u} L${c - 22 * u} ${282 * u} Z" fill="${o.collar}"/>`
    : `<path d="M${c - 30 * u} ${284 * u} Q${c} ${318 * u} ${c + 30 * u} ${284 * u}" fill="${shade}"/>`;
  const glasses = o.glasses
    ? `<g fill="none" stroke="#292524" stroke-width="${4 * u}"><circle cx="${c - 30 * u}" cy="${headY + 4 * u}" r="${19 * u}"/><circle cx="${c + 30 * u}" cy="${headY + 4 * u}" r="${19 * u}"/><path d="M${c - 11 * u} ${headY + 2 * u} Q${c} ${headY - 6 * u} ${c + 11 * u} ${headY + 2 * u}"/></g>`
    : '';
  const earrings = o.earrings
    ? `<circle cx="${c - headR - 2 * u}" cy="${headY + 34 * u}" r="${7 * u}" fill="#fbbf24"/><circle cx="${c + headR + 2 * u}" cy="${headY + 34 * u}" r="${7 * u}" fill="#fbbf24"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${o.bg[0]}"/><stop offset="1" stop-color="${o.bg[1]}"/></linearGradient></defs>
<rect width="${size}" height="${size}" fill="url(#bg)"/>
<circle cx="${c + 120 * u}" cy="${90 * u}" r="${54 * u}" fill="#ffffff" opacity="0.28"/>
<path d="M0 ${330 * u} Q${c} ${290 * u} ${size} ${330 * u} V${size} H0 Z" fill="#ffffff" opacity="0.15"/>
${back.join('')}
<path d="M${c - 140 * u} ${size} Q${c - 136 * u} ${290 * u} ${c} ${282 * u} Q${c + 136 * u} ${290 * u} ${c + 140 * u} ${size} Z" fill="${o.shirt}"/>
<rect x="${c - 24 * u}" y="${236 * u}" width="${48 * u}" height="${54 * u}" rx="${18 * u}" fill="${o.skin}"/>
<path d="M${c - 24 * u} ${262 * u} Q${c} ${276 * u} ${c + 24 * u} ${262 * u} V${276 * u} H${c - 24 * u} Z" fill="${shade}"/>
${collar}
<ellipse cx="${c - headR + 2 * u}" cy="${headY + 10 * u}" rx="${15 * u}" ry="${20 * u}" fill="${o.skin}"/>
<ellipse cx="${c + headR - 2 * u}" cy="${headY + 10 * u}" rx="${15 * u}" ry="${20 * u}" fill="${o.skin}"/>
<ellipse cx="${c}" cy="${headY}" rx="${headR}" ry="${headR * faceRy}" fill="${o.skin}"/>
${front.join('')}
<path d="M${c - 44 * u} ${headY - 20 * u} q${14 * u} -${8 * u} ${28 * u} 0 M${c + 16 * u} ${headY - 20 * u} q${14 * u} -${8 * u} ${28 * u} 0" stroke="#1c1917" stroke-width="${5 * u}" stroke-linecap="round" fill="none"/>
<ellipse cx="${c - 30 * u}" cy="${headY + 4 * u}" rx="${eyeRx}" ry="${eyeRy}" fill="#1c1917"/>
<ellipse cx="${c + 30 * u}" cy="${headY + 4 * u}" rx="${eyeRx}" ry="${eyeRy}" fill="#1c1917"/>
<circle cx="${c - 27 * u}" cy="${headY}" r="${3 * u}" fill="#ffffff"/>
<circle cx="${c + 33 * u}" cy="${headY}" r="${3 * u}" fill="#ffffff"/>
<path d="M${c - 6 * u} ${headY + 24 * u} q${6 * u} ${6 * u} ${12 * u} 0" stroke="#00000040" stroke-width="${4 * u}" stroke-linecap="round" fill="none"/>
<path d="M${c - 28 * u} ${headY + 42 * u} Q${c} ${headY + 66 * u} ${c + 28 * u} ${headY + 42 * u}" stroke="#7f1d1d" stroke-width="${6 * u}" stroke-linecap="round" fill="#ffffff"/>
<circle cx="${c - 52 * u}" cy="${headY + 30 * u}" r="${11 * u}" fill="#f43f5e" opacity="0.18"/>
<circle cx="${c + 52 * u}" cy="${headY + 30 * u}" r="${11 * u}" fill="#f43f5e" opacity="0.18"/>
${glasses}${earrings}
</svg>`;
}

/** Skin tones used across the portraits. */
export const skin = { deep: '#5b3a24', warm: '#7a4a2b', medium: '#8d5a36', honey: '#a4693f', light: '#b97d4e' };
