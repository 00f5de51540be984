/**
 * The site settings record: what shipped with the site (src/content/site.json and slides.json) in the record's
 * shape, the copy of it made the first time /samu opens the settings, and staff's saves. The copy is one insert that
 * does nothing when the record exists, so two first uses at once copy once.
 */
import siteFile from '../../../../src/content/site.json' with { type: 'json' };
import slidesFile from '../../../../src/content/slides.json' with { type: 'json' };
import {
  changedParts,
  FIGURE_NAMES,
  type FigureName,
  type SiteSettings,
} from '../../../../src/schemas/site-settings.ts';
import { audit } from '../platform/audit.ts';
import { query, transaction } from '../platform/db.ts';
import { SITE_STATE_COLUMNS } from './site-builds.ts';

/** A WhatsApp number of digits (254712345678) written as visitors read phone numbers (+254 712 345 678). */
function spacedPhone(digits: string): string {
  const match = /^254(\d{3})(\d{3})(\d{3})$/.exec(digits);
  return match ? `+254 ${match[1]} ${match[2]} ${match[3]}` : `+${digits}`;
}

/** The settings as they shipped with the site. */
export function shippedSettings(): SiteSettings {
  const [site] = siteFile;
  if (!site) throw new Error('The shipped site settings hold no record');
  const figures = Object.fromEntries(
    (Object.keys(FIGURE_NAMES) as FigureName[]).map((name) => [name, { ...site.figures[name] }]),
  ) as SiteSettings['figures'];
  return {
    contact: {
      phone: site.contact.phone,
      whatsapp: spacedPhone(site.contact.whatsapp),
      email: site.contact.email,
      address: site.contact.address,
      city: site.contact.city,
    },
    officeHours: site.officeHours.map((row) => ({
      label: row.label,
      hours: row.hours,
      days: [...row.days],
      open: row.open ?? '',
      close: row.close ?? '',
    })),
    social: { ...site.social },
    mpesa: { paybill: site.mpesaPaybill ?? '', accountHint: '' },
    statsBand: site.statsBand.map((figure) => ({ ...figure })),
    figures,
    slides: slidesFile.map((slide) => ({ ...slide })),
  };
}

/** The record as /samu reads it: the settings, whether they are still the shipped copy, and their publishing state. */
export interface SettingsRecord {
  settings: SiteSettings;
  file_copy: boolean;
  updated_at: Date | string;
  site_changed_at: Date | string | null;
  [column: string]: unknown;
}

/** Copies the shipped settings into the record the first time it is needed; a no-op once it exists. */
export async function copyShippedSettings(): Promise<void> {
  await query(
    `insert into site_settings (id, settings, file_copy) values (1, $1::jsonb, true) on conflict (id) do nothing`,
    [JSON.stringify(shippedSettings())],
  );
}

/** The record as it stands (copied first by {@link copyShippedSettings}). */
export async function settingsRecord(): Promise<SettingsRecord> {
  const [row] = await query<SettingsRecord>(
    `select settings, file_copy, ts, ${SITE_STATE_COLUMNS.join(', ')} from site_settings where id = 1`,
  );
  return row!;
}

/**
 * Saves `settings` when they differ from the record's, under its lock, marked changed on the site and audited with the
 * parts that changed; answers those parts (none: nothing was saved).
 */
export async function saveSettings(settings: SiteSettings, actor: string): Promise<string[]> {
  return transaction(async (tx) => {
    const [before] = await tx.query<{ settings: SiteSettings }>(
      'select settings from site_settings where id = 1 for update',
    );
    const parts = changedParts(before?.settings ?? null, settings);
    if (parts.length === 0) return parts;
    await tx.query(
      `update site_settings set settings = $1::jsonb, file_copy = false, updated_at = now(), site_changed_at = now()
       where id = 1`,
      [JSON.stringify(settings)],
    );
    await audit(tx, 'admin.site.update', actor, { change: `changed ${parts.join(', ')}` });
    return parts;
  });
}
