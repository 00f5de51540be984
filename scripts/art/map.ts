/**
 * The footer's picture of where the office is: a drawn street map of Westlands, Nairobi, with the office marked.
 * Drawn here rather than taken from a tile server, so the picture needs no third party and no consent.
 */

/** The drawing, `width` × `height`, as SVG. */
export function officeMap(width = 960, height = 540): string {
  const road = (d: string, size: number) =>
    `<path d="${d}" fill="none" stroke="#c9cfd6" stroke-width="${size + 6}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${size}" stroke-linecap="round"/>`;
  const label = (x: number, y: number, text: string, size = 22, rotate = 0) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" fill="#4b5563" ` +
    `transform="rotate(${rotate} ${x} ${y})" text-anchor="middle">${text}</text>`;
  const blocks: string[] = [];
  for (let row = 0; row < 6; row += 1) {
    for (let column = 0; column < 10; column += 1) {
      const x = 20 + column * 96 + (row % 2) * 24;
      const y = 20 + row * 90;
      blocks.push(`<rect x="${x}" y="${y}" width="62" height="52" rx="6" fill="#e7e2d6"/>`);
    }
  }
  const [markerX, markerY] = [520, 250];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 960 540">
  <rect width="960" height="540" fill="#f2efe8"/>
  ${blocks.join('')}
  <path d="M0 430 C 180 400, 260 470, 420 450 S 700 380, 960 420 L 960 540 L 0 540 Z" fill="#cfe6c4"/>
  <path d="M-20 470 C 200 430, 300 500, 480 480 S 760 420, 980 455" fill="none" stroke="#9cc7e6" stroke-width="14"/>
  ${road('M-20 120 L 980 300', 26)}
  ${road('M300 -20 L 260 560', 18)}
  ${road('M700 -20 L 620 560', 18)}
  ${road('M-20 360 L 980 330', 14)}
  ${road('M120 -20 C 200 200, 420 260, 560 560', 12)}
  ${label(170, 143, 'Waiyaki Way', 22, 10)}
  ${label(150, 345, 'Ring Road', 20, -1)}
  ${label(480, 60, 'WESTLANDS', 34)}
  <g transform="translate(${markerX} ${markerY})">
    <ellipse cx="0" cy="58" rx="22" ry="7" fill="#000" opacity="0.18"/>
    <path d="M0 58 C -12 38, -34 20, -34 -2 A 34 34 0 1 1 34 -2 C 34 20, 12 38, 0 58 Z" fill="#b93d0b" stroke="#8f2e07" stroke-width="4"/>
    <circle cx="0" cy="-4" r="13" fill="#fff"/>
  </g>
  <rect x="${markerX + 44}" y="${markerY - 40}" width="300" height="62" rx="10" fill="#172027"/>
  <text x="${markerX + 62}" y="${markerY - 2}" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" font-weight="700" fill="#ffffff">Tumaini office</text>
</svg>`;
}
