/**
 * The `site` and `slides` collections: the committed src/content/site.json and slides.json, then (whenever
 * `DATABASE_URL` is set at build time) the site settings saved in /samu. Read-only: the build never writes.
 *
 * Which wins: while the record is still the copy of the files (`file_copy`, never saved in /samu), the files do, so
 * git edits apply; once saved, its contact details, office hours, social links, Paybill and figures replace the
 * file's, and its slides replace the file's slides (in the record's order). What the record does not hold (the
 * About text, the map, the brochure) stays the file's.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { withPictureBytes, type DatabaseTarget } from '../../netlify/public-api.ts';
import { whatsappDigits, type SiteSettings } from '../schemas/site-settings.ts';
import { stageMedia } from './media.ts';
import { readRecords, storeRecord, updateEntry, withRecords } from './seeded.ts';

/** A slide picture from Media, with its bytes (in its row, or in the blob store under its key). */
interface SlidePicture {
  image: string;
  image_data: Buffer | null;
  image_key: string | null;
}

/** The saved settings (undefined while they are the files' copy, or never opened) and their slides' Media pictures. */
export async function savedSettings(
  target: DatabaseTarget,
): Promise<{ settings: SiteSettings; pictures: Map<string, Buffer> } | undefined> {
  const saved = await readRecords('the site settings', target, async (tx) => {
    const [row] = await tx.query<{ settings: SiteSettings }>(
      'select settings from site_settings where id = 1 and not file_copy',
    );
    if (!row) return undefined;
    const wanted = row.settings.slides.map((slide) => slide.image).filter((image) => image.startsWith('/media/'));
    const found = await tx.query<SlidePicture & Record<string, unknown>>(
      `select '/media/' || id || '/' || name as image, data as image_data, blob_key as image_key from uploads
       where '/media/' || id || '/' || name = any($1::text[])`,
      [wanted],
    );
    return { settings: row.settings, found };
  });
  if (!saved) return undefined;
  const pictures = new Map<string, Buffer>();
  for (const picture of await withPictureBytes(saved.found)) {
    if (picture.image_data) pictures.set(picture.image, picture.image_data);
  }
  return { settings: saved.settings, pictures };
}

/** The `site` entry's data with the saved settings over the file's. */
export function siteData(file: Record<string, unknown>, settings: SiteSettings): Record<string, unknown> {
  const { officeHours, social, mpesa, statsBand, figures, contact } = settings;
  return {
    ...file,
    contact: {
      ...(file['contact'] as Record<string, unknown>),
      phone: contact.phone,
      whatsapp: whatsappDigits(contact.whatsapp),
      email: contact.email,
      address: contact.address,
      city: contact.city,
    },
    social,
    officeHours: officeHours.map(({ open, close, ...row }) => ({ ...row, ...(open && close ? { open, close } : {}) })),
    mpesaPaybill: mpesa.paybill || undefined,
    mpesaAccountHint: mpesa.accountHint || undefined,
    statsBand,
    figures,
  };
}

/** Puts the saved settings over the file's `site` entry. */
export async function loadSiteSettings(context: LoaderContext, target: DatabaseTarget): Promise<void> {
  const saved = await savedSettings(target);
  const entry = context.store.get('site');
  if (!saved || !entry) {
    context.logger.info('site settings from the file (not saved in /samu)');
    return;
  }
  const data = siteData(entry.data, saved.settings);
  updateEntry(context, 'site', data);
  context.logger.info('site settings from the database');
}

/** Replaces the file's slides with the saved ones, in their order. */
export async function loadSlideSettings(context: LoaderContext, target: DatabaseTarget): Promise<void> {
  const saved = await savedSettings(target);
  if (!saved) {
    context.logger.info('hero slides from the file (not saved in /samu)');
    return;
  }
  context.store.clear();
  for (const [order, slide] of saved.settings.slides.entries()) {
    const shipped = !slide.image.startsWith('/media/');
    const staged = shipped
      ? { filePath: 'src/content/slides.json', image: slide.image }
      : await stageMedia(context, `slides-${slide.id}.json`, slide.image, saved.pictures.get(slide.image) ?? null);
    if (!staged.image) {
      context.logger.warn(`slides/${slide.id}: its picture ${slide.image} is not in Media; the slide is left out`);
      continue;
    }
    await storeRecord(context, 'slides', slide.id, { ...slide, order, image: staged.image }, staged.filePath);
  }
  context.logger.info(`${saved.settings.slides.length} hero slides from the database`);
}

/** The `site` loader: the committed JSON, then the settings saved in /samu. */
export function withSiteSettings(files: Loader): Loader {
  return withRecords('site', files, loadSiteSettings);
}

/** The `slides` loader: the committed JSON, then the slides saved in /samu. */
export function withSlideSettings(files: Loader): Loader {
  return withRecords('slides', files, loadSlideSettings);
}
