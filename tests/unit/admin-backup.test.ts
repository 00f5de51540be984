import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import backup from '../../netlify/functions/admin-backup.ts';
import { backupTables, ident, PRIVATE_TABLES, SEEDED_TABLES } from '../../netlify/functions/_shared/platform/backup.ts';
import { query, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';
import { parseBackup, restoreBackup } from '../../scripts/data/restore.ts';
import { SITE_STATE_COLUMNS } from '../../netlify/functions/_shared/content/site-builds.ts';
import { ADMIN_TABLES, auditEvents, call, keepReplyTemplates, staffToken, useJwtSecret } from '../support/admin.ts';
import { databases, emptyDatabase, rows, truncate, useDatabase } from '../support/databases.ts';
import type { BackgroundPlatform } from '../support/background-platform.ts';
import { backupPlatform, takeBackup } from '../support/backup.ts';

/** Every row of every table, in a stable order, as Postgres's own JSON. */
async function snapshot(target?: DatabaseTarget): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await backupTables({ query: (text, params) => query(text, params, target) })) {
    const found = await query<{ row: string }>(
      `select row_to_json(t)::text as row from ${ident(table.name)} t order by row_to_json(t)::text`,
      [],
      target,
    );
    out[table.name] = found.map((r) => r.row);
  }
  return out;
}

const allBytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describe.each(databases)('database backup on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  keepReplyTemplates();
  let token: string;
  let restoreTarget: Awaited<ReturnType<typeof emptyDatabase>>;
  let platform: BackgroundPlatform;
  beforeAll(async () => {
    restoreTarget = await emptyDatabase(database);
    platform = await backupPlatform();
  });
  afterAll(async () => {
    await platform.close();
    await restoreTarget.drop();
  });
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'rate_limits']);
    token = await staffToken('staff');
  });

  async function seed(): Promise<void> {
    await rows(
      database,
      `insert into events (type, payload) values ('contact_submit', '{"name":"Wanjiru","nested":{"list":[1,2.5,"x"]}}')`,
    );
    await rows(
      database,
      `insert into contacts (name, email, subject, type, message) values ('Ann ✓', 'a@b.org', 'Hi', 'media', E'line 1\\nline 2 "quoted"')`,
    );
    await rows(
      database,
      `insert into newsletter_subscribers (email, name) values ('n@b.org', null), ('m@b.org', 'Mo')`,
    );
    await rows(
      database,
      `insert into volunteers (name, email, details) values ('Vic', 'v@b.org', '{"form":"internship_application"}')`,
    );
    await rows(
      database,
      `insert into application_history (application_id, kind, author, body) values (1, 'note', 'zawadi', 'Called her')`,
    );
    await rows(
      database,
      `insert into contact_history (contact_id, kind, author, body) values (1, 'note', 'zawadi', 'Sent her the brochure')`,
    );
    await rows(
      database,
      `insert into programs (title, slug, content) values ('Clinics', 'clinics', 'Karibu — welcome')`,
    );
    // Published before the build below: Live, and still Live once restored.
    await rows(database, `insert into blog_posts (title, slug, status) values ('Post', 'post', 'published')`);
    // Its address before a correction, redirected to the current one.
    await rows(database, `update blog_posts set slug = 'the-post' where slug = 'post'`);
    await rows(database, `insert into media (name, url, meta) values ('Van', '/media/1/van.png', '{"alt":"A van"}')`);
    await rows(
      database,
      `insert into donations (donor_name, amount, currency) values (null, 1234.56, 'USD'), ('Dan', 5, 'KES')`,
    );
    await rows(
      database,
      `insert into admin_users (username, password_hash) values ('amina', '$argon2id$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA')`,
    );
    await rows(database, `insert into login_failures (username, client) values ('staff', 'abc')`);
    await rows(
      database,
      `insert into uploads (name, content_type, size, data, uploaded_by) values ('van.png', 'image/png', 256, $1, 'staff')`,
      [allBytes],
    );
    await rows(database, `insert into rate_limits (key, window_start, count) values ('track:abc', now(), 3)`);
    await rows(database, `insert into site_builds (event, message) values ('succeeded', 'Published')`);
    await rows(
      database,
      `insert into content_files (kind, slug, path) values ('blog', 'a-story', 'src/content/blog/a-story.md')
       on conflict do nothing`,
    );
    await rows(database, `insert into form_submissions (submission_id) values ('submission-0001')`);
    await rows(
      database,
      `insert into notification_outbox (kind, dedup_key, source, resource, record_id, recipients, subject, body)
       values ('submission', 'submission:1', 'contact_submit', 'contacts', '1', 'staff@example.org', 'New message', 'Ann')`,
    );
    await rows(
      database,
      `insert into staff_preferences (username, email, notify) values ('staff', 's@b.org', 'digest')`,
    );
    await rows(database, `insert into staff_seen (username, resource, last_id) values ('staff', 'contacts', 1)`);
    await rows(database, `insert into exchange_rates (kes_per_usd, set_by) values (129.5, 'staff')`);
    await rows(
      database,
      `insert into sponsorships (child_id, sponsor_name, sponsor_email, amount_subunits, currency, created_by)
       values ('amani', 'Sarah', 's@b.org', 3500, 'USD', 'staff:staff')`,
    );
    await rows(
      database,
      `insert into gifts (reference, provider, kind, frequency, cause, amount_subunits, currency, method, state,
         donor_email, recorded_by, receipt_no, confirmed_at)
       values ('TCF-0001', 'paystack', 'donation', 'monthly', 'water', 5000, 'USD', 'card', 'confirmed',
         'g@b.org', 'paystack', 1, now())`,
    );
    await rows(
      database,
      `insert into gifts (reference, provider, amount_subunits, currency, method, recorded_by, parent_id)
       select 'renewal-1', 'paystack', 5000, 'USD', 'card', 'paystack', id from gifts where reference = 'TCF-0001'`,
    );
    // A sponsorship's commitment points at the sponsor record and its first gift; its instalment at the gift too.
    await rows(
      database,
      `insert into commitments (kind, child_id, donor_email, amount_subunits, currency, method, due_day, starts_on,
         state, account, gift_id, sponsorship_id)
       select 'sponsorship', 'amani', 's@b.org', 472500, 'KES', 'mpesa', 5, '2026-09-01', 'active', 'TUM4K7QX',
         (select id from gifts where reference = 'TCF-0001'), (select id from sponsorships limit 1)`,
    );
    await rows(
      database,
      `insert into commitment_instalments (commitment_id, period, due_on, gift_id, paid_at)
       select c.id, '2026-09-01', '2026-09-05', c.gift_id, now() from commitments c`,
    );
    await rows(
      database,
      `insert into payment_events (provider, event_key, type, outcome, gift_id)
       select 'paystack', 'charge:1', 'charge.success', 'confirmed', id from gifts where reference = 'TCF-0001'`,
    );
    await rows(
      database,
      `insert into paystack_plans (currency, amount_subunits, interval, plan_code) values ('USD', 5000, 'monthly', 'PLN_x')`,
    );
    await rows(
      database,
      `insert into receipt_counter (id, last) values (true, 1) on conflict (id) do update set last = 1`,
    );
    await rows(
      database,
      `insert into consent_records (form, event_id, email, notice_version, wording) values ('contact_submit', 1, 'a@b.org', '2026-11-25', 'We use…')`,
    );
    await rows(database, `insert into retention_runs (removed) values ('{"contacts": 2}')`);
    await rows(
      database,
      `insert into breaches (found_at, what, affected) values (now(), 'Laptop lost', 'Volunteers of 2026')`,
    );
    await rows(
      database,
      `insert into children (slug, name, age, monthly_need, status) values ('amani', 'Amani', 9, 5400, 'published')`,
    );
    await rows(
      database,
      `insert into child_consents (child_id, guardian_name, guardian_relation, given_on, valid_until, covers, recorded_by)
       select id, 'Grace', 'mother', date '2026-01-10', date '2027-01-10', array['profile', 'photo'], 'staff'
       from children where slug = 'amani'`,
    );
    await rows(
      database,
      `insert into child_updates (child_id, update_on, body, photos, progress, state, created_by, published_at, emailed)
       select id, date '2026-11-20', 'Amani won the spelling bee.', array['/media/1/amani.png'],
         '{"school":"","grade":"Grade 5","attendance":"98%","achievements":["Spelling bee"]}'::jsonb, 'published',
         'staff', now(), 1
       from children where slug = 'amani'`,
    );
    await rows(
      database,
      `insert into sponsor_letters (sponsorship_id, child_id, sponsor_email, body, photo, photo_type, state, confirmed)
       select (select id from sponsorships limit 1), id, 'sponsor@example.org', 'Dear Amani, hello from Leeds.',
         '\\x89504e47'::bytea, 'image/png', 'approved', array['Leeds']
       from children where slug = 'amani'`,
    );
    await rows(
      database,
      `insert into child_exits (child_id, kind, reason, left_on, recorded_by)
       select id, 'planned', 'Finished primary school', date '2026-11-25', 'officer' from children where slug = 'amani'`,
    );
    await rows(
      database,
      `insert into exit_offers (exit_id, commitment_id, emailed_at, reminded_at, subscription_disabled_at, choice,
         moved_to, chosen_at)
       select (select id from child_exits limit 1), id, now(), now(), now(), 'moved', 'wanjiku', now()
       from commitments limit 1`,
    );
    await rows(
      database,
      `insert into site_events (slug, title, date) values ('reading-day', 'Reading Day', '2026-12-01')`,
    );
    await rows(
      database,
      `insert into team_members (slug, name, position) values ('wanjiru-kariuki', 'Wanjiru Kariuki', 3)`,
    );
    await rows(database, `insert into team_seed_copies (slug) values ('esther-njoroge')`);
    await rows(database, `insert into blog_seed_copies (slug) values ('clean-water-for-mathare')`);
    await rows(database, `insert into program_seed_copies (slug) values ('back-to-school-kits')`);
    await rows(database, `insert into event_seed_copies (slug) values ('embu-football-tournament')`);
    await rows(
      database,
      `insert into site_settings (settings, file_copy) values ('{"contact": {"phone": "+254 722 000 111"}}', false)`,
    );
    // A template a staff member edited: the restore must bring back this text, not the migration's.
    await rows(
      database,
      `update reply_templates set body = 'Dear {name}, karibu. {staffName}', updated_by = 'zawadi', updated_at = now()
       where kind = 'volunteer_application' and outcome = 'accepted'`,
    );
    // A gap in the ids must survive too.
    await rows(database, `delete from programs where id = (select max(id) from programs)`);
    await rows(database, `insert into programs (title, slug) values ('Later', 'later')`);
  }

  test('round-trips every table into an empty database without losing anything', async () => {
    await seed();
    const { job, res } = await takeBackup(platform, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const file = res.headers.get('x-backup-filename');
    expect(file).toBe(job.file);
    expect(file).toMatch(/^backup-\d{8}T\d{6}Z\.json$/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${file}"`);
    const text = await res.text();

    const before = await snapshot();
    const kept = [...ADMIN_TABLES, ...SEEDED_TABLES].filter((table) => !PRIVATE_TABLES.includes(table));
    expect(Object.keys(before).sort()).toEqual([...kept].sort());
    for (const table of kept) expect(before[table]?.length, table).toBeGreaterThan(0);
    // Nothing that signs in or tells clients apart leaves the database.
    expect(Object.keys(parseBackup(text).tables).sort()).toEqual([...kept].sort());
    for (const secret of ['argon2', 'amina', ...PRIVATE_TABLES.map((table) => `"${table}":`)]) {
      expect(text, secret).not.toContain(secret);
    }

    // The freshly migrated target holds the seeded reply templates: the backup's replace them.
    const counts = await restoreBackup(parseBackup(text), restoreTarget.target);
    expect(counts['programs']).toBe(1);
    expect(await snapshot(restoreTarget.target)).toEqual(before);
    expect(
      await query(
        `select body, updated_by from reply_templates where kind = 'volunteer_application' and outcome = 'accepted'`,
        [],
        restoreTarget.target,
      ),
    ).toEqual([{ body: 'Dear {name}, karibu. {staffName}', updated_by: 'zawadi' }]);

    const [post] = await query<{ site_state: string }>(
      `select ${SITE_STATE_COLUMNS[0]} from blog_posts`,
      [],
      restoreTarget.target,
    );
    expect(post?.site_state).toBe('live');
    const [upload] = await query<{ data: Buffer }>('select data from uploads', [], restoreTarget.target);
    expect(Buffer.compare(upload!.data, allBytes)).toBe(0);
    // New rows continue after the restored ids instead of colliding with them.
    const [source] = await rows<{ id: string }>(
      database,
      `insert into programs (title, slug) values ('n', 'n') returning id::text as id`,
    );
    const [restored] = await query<{ id: string }>(
      `insert into programs (title, slug) values ('n', 'n') returning id::text as id`,
      [],
      restoreTarget.target,
    );
    expect(restored?.id).toBe(source?.id);
    expect((await auditEvents()).map((event) => event.type)).toEqual(['admin.db.backup']);
  });

  test('restores an older backup without its staff accounts, sessions, throttle rows or reply templates', async () => {
    await seed();
    const backupFile = parseBackup(await (await takeBackup(platform, token)).res.text());
    backupFile.tables['admin_users'] = [{ id: 1, username: 'amina', password_hash: 'x' }];
    backupFile.tables['login_failures'] = [{ id: 1, username: 'amina', client: 'abc' }];
    // Backups from before the reply templates have no such table.
    delete backupFile.tables['reply_templates'];
    // The restore target may hold the first test's rows: empty it again, but for the templates a migration seeds.
    const [listed] = await query<{ names: string }>(
      `select string_agg(quote_ident(table_name::text), ', ') as names from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'
         and table_name::text <> all ($1::text[])`,
      [SEEDED_TABLES],
      restoreTarget.target,
    );
    await query(`truncate ${listed!.names} restart identity cascade`, [], restoreTarget.target);
    const templates = await query('select * from reply_templates order by kind, outcome', [], restoreTarget.target);
    expect(templates).toHaveLength(11);
    const counts = await restoreBackup(backupFile, restoreTarget.target);
    expect(counts['admin_users']).toBeUndefined();
    expect(counts['contacts']).toBe(1);
    const staff = await query('select username from admin_users', [], restoreTarget.target);
    expect(staff).toEqual([]);
    // The templates the database had are kept.
    expect(await query('select * from reply_templates order by kind, outcome', [], restoreTarget.target)).toEqual(
      templates,
    );
  });

  test('refuses to restore into a database that holds rows, or a file that is not a backup', async () => {
    const text = await (await takeBackup(platform, token)).res.text();
    await expect(restoreBackup(parseBackup(text))).rejects.toThrow(/not empty/);
    expect(() => parseBackup('{"tables":')).toThrow(/not JSON/);
    expect(() => parseBackup('{"format":"other"}')).toThrow(/not a backup/);
  });

  test('needs a staff token and POST', async () => {
    expect((await call(backup, 'POST', '/api/admin/db/backup')).status).toBe(401);
    expect((await call(backup, 'GET', '/api/admin/db/backup', { token })).status).toBe(405);
  });
});
