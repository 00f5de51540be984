import { describe, expect, test } from 'vitest';
import team from '../../netlify/functions/admin-team.ts';
import seed from '../../src/content/team.json' with { type: 'json' };
import { teamRecords } from '../../src/loaders/team.ts';
import { paragraphsOf } from '../../src/schemas/team.ts';
import { call } from '../support/admin.ts';
import { databases, rows, useDatabase, type TestDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';

/** Stores an upload directly; returns its Media address. */
async function upload(database: TestDatabase): Promise<string> {
  const [row] = await rows<{ id: string }>(
    database,
    `insert into uploads (name, content_type, size, data, uploaded_by) values ('amina.jpg', 'image/jpeg', 4, $1, 'staff')
     returning id::text as id`,
    [Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
  );
  return `/media/${row?.id}/amina.jpg`;
}

test('a full bio is typed as paragraphs separated by a blank line', () => {
  expect(paragraphsOf('One.\n\n  Two,\nstill two.\n\n\n')).toEqual(['One.', 'Two,\nstill two.']);
});

describe.each(databases)('/api/admin/team on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, [
    'team_members',
    'team_seed_copies',
    'events',
    'site_builds',
    'uploads',
    'admin_users',
    'admin_sessions',
  ]);
  const member = (extra: Record<string, unknown> = {}) => ({
    slug: 'amina-otieno',
    name: 'Amina Otieno',
    role: 'Caseworker',
    bio: 'Amina visits every sponsored family in Mathare.',
    full_bio: 'Amina trained as a social worker.\n\nShe joined in 2024.',
    email: 'amina@tumainichildren.org',
    phone: '+254 700 000 001',
    position: 5,
    status: 'published',
    ...extra,
  });
  const create = (body: Record<string, unknown>) =>
    call(team, 'POST', '/api/admin/team', { token: desk.token, json: body });
  const count = async () => (await rows<{ n: number }>(database, 'select count(*)::int as n from team_members'))[0];

  test('refuses a member without a name, and a photo not from Media, saving nothing', async () => {
    const nameless = await create(member({ name: ' ', image: await upload(database) }));
    expect(nameless.status).toBe(400);
    expect(((await nameless.json()) as { issues: unknown[] }).issues).toContainEqual({
      path: 'name',
      message: 'Name is required',
    });
    for (const image of ['https://example.org/amina.jpg', '../assets/team/stranger.jpg', '/media/999/ghost.jpg']) {
      const refused = await create(member({ image }));
      expect(refused.status, image).toBe(400);
      expect(((await refused.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('image');
    }
    expect(await count()).toEqual({ n: 0 });
    expect(await rows(database, 'select count(*)::int as n from events')).toEqual([{ n: 0 }]);
  });

  test('creates a member and reorders the team by position; the build reads them in that order', async () => {
    const image = await upload(database);
    const first = await create(member({ image }));
    expect(first.status).toBe(201);
    const second = await create(member({ image, slug: 'joseph-kamau', name: 'Joseph Kamau', position: 6 }));
    expect(second.status).toBe(201);
    expect((await teamRecords(database)).rows.map((row) => row.slug)).toEqual(['amina-otieno', 'joseph-kamau']);
    const { member: created } = (await first.json()) as { member: { id: string } };
    const moved = await call(team, 'PUT', `/api/admin/team/${created.id}`, {
      token: desk.token,
      json: member({ image, position: 7 }),
    });
    expect(moved.status).toBe(200);
    expect((await teamRecords(database)).rows.map((row) => row.slug)).toEqual(['joseph-kamau', 'amina-otieno']);
    expect(await rows(database, `select type from events order by id`)).toEqual([
      { type: 'admin.team.create' },
      { type: 'admin.team.create' },
      { type: 'admin.team.update' },
    ]);
  });

  test('listing copies the file members once; a removed copy is never copied again and the build leaves it out', async () => {
    const listed = async () => {
      const res = await call(team, 'GET', '/api/admin/team', { token: desk.token });
      expect(res.status).toBe(200);
      return ((await res.json()) as { team: { id: string; slug: string; file_copy: boolean }[] }).team;
    };
    const copies = await listed();
    expect(copies.map((row) => row.slug).sort()).toEqual(seed.map((person) => person.id).sort());
    expect(copies.every((row) => row.file_copy)).toBe(true);
    const founder = copies.find((row) => row.slug === seed[0]!.id)!;
    expect((await call(team, 'DELETE', `/api/admin/team/${founder.id}`, { token: desk.token })).status).toBe(204);
    expect((await listed()).map((row) => row.slug)).not.toContain(seed[0]!.id);
    const read = await teamRecords(database);
    expect(read.copied.has(seed[0]!.id)).toBe(true);
    expect(read.rows.map((row) => row.slug)).not.toContain(seed[0]!.id);
  });

  test('a copy keeps following the file until its text is edited in /samu', async () => {
    await call(team, 'GET', '/api/admin/team', { token: desk.token });
    const person = seed[1]!;
    const [row] = await rows<{ id: string }>(database, 'select id::text as id from team_members where slug = $1', [
      person.id,
    ]);
    const body = {
      slug: person.id,
      name: person.name,
      role: person.role,
      image: person.image,
      bio: person.bio,
      full_bio: person.fullBio.join('\n\n'),
      email: person.email,
      phone: person.phone,
      position: 9,
      status: 'published',
    };
    const put = (json: Record<string, unknown>) =>
      call(team, 'PUT', `/api/admin/team/${row!.id}`, { token: desk.token, json });
    expect((await put(body)).status).toBe(200);
    const fileCopy = async () =>
      (await rows(database, 'select file_copy from team_members where id = $1', [row!.id]))[0];
    expect(await fileCopy()).toEqual({ file_copy: true });
    expect((await put({ ...body, bio: 'A new sentence.' })).status).toBe(200);
    expect(await fileCopy()).toEqual({ file_copy: false });
  });
});
