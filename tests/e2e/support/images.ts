/** Pictures for browser tests: a photo as large as one straight off a phone. */
import { crc32, deflateSync } from 'node:zlib';

/**
 * A phone-sized PNG of `width` × `height`: a gradient with a little grain, stored without compression so the file is
 * as large as its pixels (3 bytes each), as a photo straight off a phone is. Another `grainSeed` gives another photo
 * (the Media library keeps one copy of a file uploaded twice).
 */
export function largePng(width: number, height: number, grainSeed = 42): Buffer {
  const row = 1 + width * 3;
  const pixels = Buffer.alloc(row * height);
  let seed = grainSeed;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      const grain = (seed >>> 24) % 16;
      const at = y * row + 1 + x * 3;
      pixels[at] = (x * 255) / width + grain;
      pixels[at + 1] = (y * 255) / height + grain;
      pixels[at + 2] = 120 + grain;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
