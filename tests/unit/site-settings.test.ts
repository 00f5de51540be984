import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import site from '../../netlify/functions/admin-site.ts';
import siteFile from '../../src/content/site.json' with { type: 'json' };
import slidesFile from '../../src/content/slides.json' with { type: 'json' };
import { loadSiteSettings, loadSlideSettings, savedSettings, siteData } from '../../src/loaders/site-settings.ts';
import { SiteSettingsSchema, type SiteSettings } from '../../src/schemas/site-settings.ts';
import { call } from '../support/admin.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';
import { loaderContext } from '../support/loader-context.ts';

type Json = Record<string, unknown>;

type Answer = { site: { settings: SiteSettings; file_copy: boolean; site_state: string }; changed?: string[] };

describe.each(databases)('/api/admin/site on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, [
    'site_settings',
    'events',
    'site_builds',
    'uploads',
    'admin_users',
    'admin_sessions',
  ]);
  let cacheDir: string;
  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'watoto-site-'));
  });
  afterAll(async () => rm(cacheDir, { recursive: true, force: true }));
  beforeEach(async () => {});
  const read = async () => {
    const res = await call(site, 'GET', '/api/admin/site', { token: desk.token });
    expect(res.status).toBe(200);
    return (await res.json()) as Answer;
  };
  const save = (settings: unknown) => call(site, 'PUT', '/api/admin/site', { token: desk.token, json: settings });

  test('the first use copies the shipped settings once, even when two first uses come at once', async () => {
    const [first, second] = await Promise.all([read(), read()]);
    expect(first.site.file_copy).toBe(true);
    expect(second.site.settings).toEqual(first.site.settings);
    expect(first.site.settings.contact.phone).toBe(siteFile[0]!.contact.phone);
    expect(first.site.settings.slides.map((slide) => slide.id)).toEqual(slidesFile.map((slide) => slide.id));
    // What shipped passes the form's own check, so staff can save it unchanged.
    expect(SiteSettingsSchema.safeParse(first.site.settings).success).toBe(true);
    expect(await rows(database, 'select count(*)::int as n from site_settings')).toEqual([{ n: 1 }]);
    // Copying is not a change staff made: nothing is audited and no build is asked for.
    expect(await rows(database, 'select count(*)::int as n from events')).toEqual([{ n: 0 }]);
    expect(await rows(database, 'select count(*)::int as n from site_builds')).toEqual([{ n: 0 }]);
    // The build keeps reading the files while the record is the shipped copy.
    expect(await savedSettings(database)).toBeUndefined();
  });

  test('a phone number in another form is refused with a clear message, and nothing changes', async () => {
    const { settings } = (await read()).site;
    const refused = await save({ ...settings, contact: { ...settings.contact, phone: '0712 345' } });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { issues: { path: string; message: string }[] };
    expect(body.issues).toContainEqual({
      path: 'contact.phone',
      message: 'Write the phone number as +254 followed by 9 digits, e.g. +254 712 345 678',
    });
    const insecure = await save({ ...settings, social: { ...settings.social, facebook: 'http://facebook.com/x' } });
    expect(insecure.status).toBe(400);
    expect(((await insecure.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('social.facebook');
    const ghost = settings.slides.map((slide, index) =>
      index === 0 ? { ...slide, image: '/media/999/gone.jpg' } : slide,
    );
    const missing = await save({ ...settings, slides: ghost });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('slides.0.image');
    expect((await read()).site.file_copy).toBe(true);
    expect(await rows(database, 'select count(*)::int as n from events')).toEqual([{ n: 0 }]);
  });

  test('a save is audited with what changed, asks for a build, and the build reads the saved values', async () => {
    const { settings } = (await read()).site;
    const slides = [settings.slides[1]!, settings.slides[0]!, ...settings.slides.slice(2)];
    const changed = {
      ...settings,
      contact: { ...settings.contact, phone: '+254 722 000 111' },
      slides,
    };
    const res = await save(changed);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Answer;
    expect(answer.changed).toEqual(['contact details', 'hero slides']);
    expect(answer.site.file_copy).toBe(false);
    expect(await rows(database, `select type, payload->>'change' as change from events`)).toEqual([
      { type: 'admin.site.update', change: 'changed contact details, hero slides' },
    ]);
    expect(await rows(database, `select event from site_builds where event = 'requested'`)).toEqual([
      { event: 'requested' },
    ]);
    const saved = await savedSettings(database);
    expect(saved?.settings.contact.phone).toBe('+254 722 000 111');
    expect(saved?.settings.slides.map((slide) => slide.id)).toEqual(slides.map((slide) => slide.id));
    const data = siteData(siteFile[0]!, saved!.settings);
    expect(data['contact']).toMatchObject({ phone: '+254 722 000 111', whatsapp: '254712345678' });
    expect(data['name']).toBe(siteFile[0]!.name);
    // Saving the same again changes nothing, so it is neither audited nor rebuilt.
    const again = (await (await save(changed)).json()) as Answer;
    expect(again.changed).toEqual([]);
    expect(await rows(database, 'select count(*)::int as n from events')).toEqual([{ n: 1 }]);
  });

  test('the loaders put the saved settings over the file and show the saved slides in their order and pictures', async () => {
    const { settings } = (await read()).site;
    const [picture] = await rows<{ id: string }>(
      database,
      `insert into uploads (name, content_type, size, data, uploaded_by) values ('market.jpg', 'image/jpeg', 4, $1, 'staff')
       returning id::text as id`,
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
    );
    const media = `/media/${picture!.id}/market.jpg`;
    const first = { ...settings.slides[2]!, image: media, quote: 'Pamoja tunaweza.' };
    const saved = await save({
      ...settings,
      mpesa: { paybill: '600100', accountHint: 'Type GIFT, or a child’s first name for a sponsorship.' },
      slides: [first, settings.slides[0]!],
    });
    expect(saved.status).toBe(200);

    const site = loaderContext(cacheDir, { site: siteFile[0]! });
    await loadSiteSettings(site.context, database);
    expect((site.entries.get('site') as { data: Json }).data).toMatchObject({
      mpesaPaybill: '600100',
      mpesaAccountHint: 'Type GIFT, or a child’s first name for a sponsorship.',
      about: siteFile[0]!.about,
    });

    const files = Object.fromEntries(slidesFile.map((slide, order) => [slide.id, { ...slide, order }]));
    const slides = loaderContext(cacheDir, files);
    await loadSlideSettings(slides.context, database);
    expect([...slides.entries.values()].map((entry) => (entry as { data: Json }).data['id'])).toEqual([
      first.id,
      settings.slides[0]!.id,
    ]);
    const staged = slides.entries.get(first.id) as { data: Json; filePath: string };
    expect(staged.data).toMatchObject({ order: 0, quote: 'Pamoja tunaweza.' });
    // The Media picture is staged for the image pipeline; a shipped picture resolves from the slides file.
    const file = String(staged.data['image']).slice(2);
    expect(new Uint8Array(await readFile(join(cacheDir, 'published-media', file)))).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    );
    expect(slides.entries.get(settings.slides[0]!.id)).toMatchObject({
      filePath: 'src/content/slides.json',
      data: { order: 1, image: settings.slides[0]!.image },
    });
  });
});
