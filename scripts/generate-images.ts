/**
 * Writes the site's original artwork: the illustrations (scripts/art/catalog.ts, drawn by scenes.ts and
 * portraits.ts) rasterised with sharp into src/assets as JPEG sources that Astro's image pipeline turns into
 * responsive AVIF/WebP, the logo and favicon (brand.ts), and the PDF brochure (brochure.ts) from the content files.
 *
 * Run after changing a scene or the content the brochure prints: `node scripts/generate-images.ts`. The outputs are
 * committed; tests/unit/brochure.test.ts fails while the committed brochure is out of date.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { favicon, logo } from './art/brand.ts';
import { brochurePages, brochurePdf, type BrochureChild, type BrochureSite } from './art/brochure.ts';
import { jobs } from './art/catalog.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const assets = join(root, 'src/assets');

/** Where the brochure is served from (site.json's `brochure` links to it). */
export const BROCHURE_PATH = 'public/assets/tumaini-brochure.pdf';

/** The brochure as the content files make it today. */
export async function currentBrochure(): Promise<Buffer> {
  const [site] = JSON.parse(await readFile(join(root, 'src/content/site.json'), 'utf8')) as BrochureSite[];
  if (!site) throw new Error('src/content/site.json holds no record');
  const children = JSON.parse(await readFile(join(root, 'src/content/children.json'), 'utf8')) as BrochureChild[];
  return brochurePdf(site, brochurePages(site, children));
}

async function main(): Promise<void> {
  let total = 0;
  for (const job of jobs) {
    const out = join(assets, job.out);
    await mkdir(dirname(out), { recursive: true });
    const buf = await sharp(Buffer.from(job.svg))
      .jpeg({ quality: job.quality ?? 75, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toBuffer();
    await writeFile(out, buf);
    total += buf.length;
    console.log(`${job.out.padEnd(58)} ${(buf.length / 1024).toFixed(1).padStart(6)} KB`);
  }
  await writeFile(join(assets, 'logo.svg'), logo);
  await mkdir(join(root, 'public/assets'), { recursive: true });
  await writeFile(join(root, 'public/favicon.svg'), favicon);
  const pdf = await currentBrochure();
  await writeFile(join(root, BROCHURE_PATH), pdf);
  console.log(`${jobs.length} images, ${(total / 1024).toFixed(0)} KB; brochure ${(pdf.length / 1024).toFixed(1)} KB`);
}

// Imported by the brochure test for currentBrochure(); run as a script, it writes everything.
if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
