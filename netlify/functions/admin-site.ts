/**
 * `/api/admin/site`: the site settings (contact details, office hours, social links, the M-Pesa Paybill, the pages'
 * figures and the hero slides) as one record. Reading it first copies what shipped with the site, once; a save is
 * checked with the form's own schema (400 naming the field), audited with the parts it changed, and asks for a site
 * build, since every page shows some of it.
 */
import type { Config, Context } from '@netlify/functions';
import { SiteSettingsSchema, type SiteSettings } from '../../src/schemas/site-settings.ts';
import {
  MAX_ADMIN_BODY_BYTES,
  nestedDeeperThan,
  MAX_BODY_DEPTH,
  staffFunction,
} from './_shared/platform/admin-resource.ts';
import { requestBuild } from './_shared/content/build-hook.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { missingMedia } from './_shared/content/publishing.ts';
import {
  copyShippedSettings,
  saveSettings,
  settingsRecord,
  type SettingsRecord,
} from './_shared/content/site-settings.ts';

/** The record as an answer: ISO timestamps. */
function answer(row: SettingsRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

/** 400 when a slide's picture is a Media address no longer (or never) uploaded. */
async function missingPicture(settings: SiteSettings): Promise<Response | undefined> {
  for (const [index, slide] of settings.slides.entries()) {
    if (!slide.image.startsWith('/media/')) continue;
    const missing = await missingMedia({ status: 'published', image: slide.image }, 'image');
    if (!missing) continue;
    const message = `Slide ${index + 1}: ${slide.image} is not in Media (deleted or never uploaded); pick another picture`;
    return error(400, message, [{ path: `slides.${index}.image`, message }]);
  }
  return undefined;
}

async function read(): Promise<Response> {
  await copyShippedSettings();
  return json({ site: answer(await settingsRecord()) });
}

async function save(req: Request, actor: string, context: Context): Promise<Response> {
  const body = await readJsonBody(req, MAX_ADMIN_BODY_BYTES);
  if (!body.ok) return body.response;
  if (nestedDeeperThan(body.value, MAX_BODY_DEPTH)) {
    return error(400, `Request body nests deeper than ${MAX_BODY_DEPTH} levels`);
  }
  const parsed = SiteSettingsSchema.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'The site settings were not saved: check the marked fields');
  const settings = parsed.data;
  const refused = await missingPicture(settings);
  if (refused) return refused;
  await copyShippedSettings();
  const changed = await saveSettings(settings, actor);
  if (changed.length > 0) await requestBuild(`changed the site settings (${changed.join(', ')})`, context);
  return json({ site: answer(await settingsRecord()), changed });
}

export default staffFunction(async (req, actor, context) => {
  if (req.method === 'GET') return read();
  if (req.method === 'PUT') return save(req, actor, context);
  return methodNotAllowed(['GET', 'PUT']);
});

export const config: Config = { path: '/api/admin/site' };
