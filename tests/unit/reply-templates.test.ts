/**
 * Reply templates staff edit in /samu: seeded with the texts the dashboard started with, saved with who
 * changed them and when (and audited), refused with a clear message for an unknown placeholder or an empty text, and
 * the start of every accept or decline reply, placeholders filled, on both databases.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import adminApplications from '../../netlify/functions/admin-applications.ts';
import adminReplyTemplates from '../../netlify/functions/admin-reply-templates.ts';
import { fillPlaceholders, unknownPlaceholders } from '../../src/lib/applications.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';
import {
  ADMIN_TABLES,
  auditEvents,
  call,
  keepReplyTemplates,
  staffToken,
  useEnv,
  useJwtSecret,
} from '../support/admin.ts';

describe('reply template placeholders', () => {
  const values = {
    name: 'Wanjiru $& Kamau',
    opportunity: 'Classroom Teaching Assistant',
    subject: 'your volunteer application',
    staffName: 'amina',
  };

  test('fills each known placeholder, as often as it appears, with the value as written', () => {
    expect(fillPlaceholders('Dear {name}, welcome to {opportunity}. {name}! {staffName}', values)).toBe(
      'Dear Wanjiru $& Kamau, welcome to Classroom Teaching Assistant. Wanjiru $& Kamau! amina',
    );
  });

  test('names each unknown placeholder once, and leaves it as written when filling', () => {
    expect(unknownPlaceholders('{Name} and {first name}, {Name} again, {name} is fine, {}')).toEqual([
      '{Name}',
      '{first name}',
      '{}',
    ]);
    expect(unknownPlaceholders('Dear {name},\n{opportunity}\n{staffName}')).toEqual([]);
    expect(fillPlaceholders('Dear {Name}', values)).toBe('Dear {Name}');
  });
});

type Template = {
  kind: string;
  outcome: string;
  subject: string;
  body: string;
  updatedBy: string | null;
  updatedAt: string | null;
};

describe.each(databases)('reply templates on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  keepReplyTemplates();
  // Replies are checked in the outbox; the browser test proves they reach an SMTP server.
  useEnv({ SMTP_URL: undefined });
  let token: string;
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'rate_limits']);
    token = await staffToken('Amina');
  });

  const list = async () => {
    const res = await call(adminReplyTemplates, 'GET', '/api/admin/reply-templates', { token });
    expect(res.status).toBe(200);
    return ((await res.json()) as { templates: Template[] }).templates;
  };
  const save = (kind: string, outcome: string, json: unknown) =>
    call(adminReplyTemplates, 'PUT', `/api/admin/reply-templates/${kind}/${outcome}`, { token, json });
  const act = (id: string, action: string, json: unknown) =>
    call(adminApplications, 'POST', `/api/admin/applications/${id}/${action}`, { token, json });
  const draftOf = async (id: string) => {
    const res = await call(adminApplications, 'GET', `/api/admin/applications/${id}`, { token });
    return ((await res.json()) as { application: { draft: { subject: string; body: string } | null } }).application
      .draft;
  };
  /** An application of `form` that staff took into review and then decided as `outcome`. */
  const decided = async (form: string, details: Record<string, string>, outcome: string) => {
    const [row] = await rows<{ id: string }>(
      database,
      `insert into volunteers (name, email, details) values ('Brian Otieno', 'brian@example.org', $1)
       returning id::text as id`,
      [{ form, ...details }],
    );
    const id = row?.id ?? '';
    expect((await act(id, 'state', { state: 'in_review' })).status).toBe(200);
    expect((await act(id, 'state', { state: outcome })).status).toBe(200);
    return id;
  };

  test('eleven templates, one per application kind and outcome, one for contact messages and two for a child leaving the programme, start as the texts the dashboard used, changed by nobody', async () => {
    const templates = await list();
    expect(templates.map((template) => `${template.kind} ${template.outcome}`)).toEqual([
      'volunteer_application accepted',
      'volunteer_application declined',
      'school_volunteer_application accepted',
      'school_volunteer_application declined',
      'internship_application accepted',
      'internship_application declined',
      'sponsorship_application accepted',
      'sponsorship_application declined',
      'contact_submit reply',
      'child_exit notice',
      'child_exit reminder',
    ]);
    expect(templates[0]).toMatchObject({
      subject: 'Your volunteer application: welcome aboard',
      updatedBy: null,
      updatedAt: null,
    });
    for (const template of templates) {
      expect(template.body).toMatch(/^Dear \{name\},\n\n/);
      expect(template.body).toMatch(/\n\nWith thanks,\n\{staffName\}$/);
      expect(unknownPlaceholders(template.subject + template.body)).toEqual([]);
    }
    // A decided application's reply starts from its seeded template, as before templates could be edited.
    const id = await decided('internship_application', { hospital: 'Uhuru National Referral Hospital' }, 'declined');
    expect(await draftOf(id)).toEqual({
      subject: 'Your hospital internship application',
      body: "Dear Brian Otieno,\n\nThank you for applying for a hospital internship. We are not able to offer you a placement at this time.\n\nYou are welcome to apply again for a later intake.\n\nWith thanks,\nThe team at Tumaini Children's Foundation",
    });
  });

  test('a saved template records who changed it and when, is audited, and is what the next reply starts from', async () => {
    const before = Date.now();
    const res = await save('volunteer_application', 'accepted', {
      subject: '  Welcome aboard, {name}  ',
      body: 'Dear {name},\n\nYou are our new {opportunity}.\n\nKaribu,\n{staffName}',
    });
    expect(res.status).toBe(200);
    const { template } = (await res.json()) as { template: Template };
    expect(template).toMatchObject({
      kind: 'volunteer_application',
      outcome: 'accepted',
      subject: 'Welcome aboard, {name}',
      updatedBy: 'amina',
    });
    expect(new Date(template.updatedAt ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await list()).find((t) => t.kind === 'volunteer_application' && t.outcome === 'accepted')).toEqual(
      template,
    );
    // The other templates are untouched.
    expect((await list()).filter((t) => t.updatedBy !== null)).toHaveLength(1);
    expect(await auditEvents()).toEqual([
      {
        type: 'admin.reply_template.save',
        payload: { actor: 'Amina', kind: 'volunteer_application', outcome: 'accepted', changed: ['subject', 'body'] },
      },
    ]);
    // Saving the same text again changes nothing and is not audited again.
    expect((await save('volunteer_application', 'accepted', template)).status).toBe(200);
    expect(await auditEvents()).toHaveLength(1);

    // Accepting a volunteer application now drafts the edited text, placeholders filled.
    const id = await decided('volunteer_application', { opportunity: 'education-general' }, 'accepted');
    const draft = await draftOf(id);
    expect(draft).toEqual({
      subject: 'Welcome aboard, Brian Otieno',
      body: "Dear Brian Otieno,\n\nYou are our new Classroom Teaching Assistant.\n\nKaribu,\nThe team at Tumaini Children's Foundation",
    });
    // Staff adjust it before sending; what they send is what is queued, Reply-To themselves.
    await rows(
      database,
      `insert into staff_preferences (username, email, notify) values ('amina', 'amina@tumaini.example', 'none')`,
    );
    const sent = await act(id, 'reply', { subject: draft?.subject, body: `${draft?.body}\n\nPS: bring a hat.` });
    expect(sent.status).toBe(200);
    expect(
      await rows(
        database,
        `select recipients, subject, body, reply_to from notification_outbox where record_id = $1 order by id`,
        [id],
      ),
    ).toEqual([
      {
        recipients: 'brian@example.org',
        subject: 'Welcome aboard, Brian Otieno',
        body: "Dear Brian Otieno,\n\nYou are our new Classroom Teaching Assistant.\n\nKaribu,\nThe team at Tumaini Children's Foundation\n\nPS: bring a hat.",
        reply_to: 'amina@tumaini.example',
      },
    ]);
  });

  test('a sponsorship reply names the child the applicant chose, and a decline uses the decline template', async () => {
    await rows(
      database,
      `insert into children (slug, name, age, monthly_need) values ('achieng', 'Achieng Wambui', 9, 5400)`,
    );
    expect(
      (
        await save('sponsorship_application', 'declined', {
          subject: 'About {opportunity}',
          body: 'Dear {name}, {opportunity} already has a sponsor. {staffName}',
        })
      ).status,
    ).toBe(200);
    const id = await decided('sponsorship_application', { childId: 'achieng' }, 'declined');
    expect(await draftOf(id)).toEqual({
      subject: 'About Achieng Wambui',
      body: "Dear Brian Otieno, Achieng Wambui already has a sponsor. The team at Tumaini Children's Foundation",
    });
  });

  test('bad input: an unknown placeholder, an empty or two-line text, an unknown template; nothing is saved', async () => {
    const seeded = await list();
    const refused = async (kind: string, outcome: string, json: unknown) => {
      const res = await save(kind, outcome, json);
      return { status: res.status, body: (await res.json()) as { error: string; issues?: unknown[] } };
    };
    const ok = { subject: 'Your application', body: 'Dear {name}' };

    expect(await refused('volunteer_application', 'accepted', { ...ok, subject: 'Hello {Name}' })).toEqual({
      status: 400,
      body: {
        error: 'Invalid reply template',
        issues: [
          {
            path: 'subject',
            message: 'Subject has an unknown placeholder {Name}: use {name}, {opportunity}, {subject} or {staffName}',
          },
        ],
      },
    });
    expect(
      (await refused('volunteer_application', 'accepted', { ...ok, body: 'Dear {first_name} of {school}' })).body
        .issues,
    ).toEqual([
      {
        path: 'body',
        message:
          'Message has unknown placeholders {first_name}, {school}: use {name}, {opportunity}, {subject} or {staffName}',
      },
    ]);
    // A child and the choices to carry on exist only in the email to a sponsor whose child left.
    expect(
      (await refused('volunteer_application', 'accepted', { ...ok, body: 'Dear {name}, about {child}: {choices}' }))
        .body.issues,
    ).toEqual([
      {
        path: 'body',
        message:
          'Message has unknown placeholders {child}, {choices}: use {name}, {opportunity}, {subject} or {staffName}',
      },
    ]);
    expect(
      (
        await refused('child_exit', 'notice', {
          ...ok,
          body: 'Dear {name}, about {child}: {choices}',
          subject: '{Child}',
        })
      ).body.issues,
    ).toEqual([
      {
        path: 'subject',
        message:
          'Subject has an unknown placeholder {Child}: use {name}, {opportunity}, {subject}, {staffName}, {child} or {choices}',
      },
    ]);
    expect((await refused('volunteer_application', 'accepted', { subject: '   ', body: '' })).body.issues).toEqual([
      { path: 'subject', message: 'Subject is required' },
      { path: 'body', message: 'Message is required' },
    ]);
    expect((await refused('volunteer_application', 'accepted', { ...ok, subject: 'Two\nlines' })).body.issues).toEqual([
      { path: 'subject', message: 'Subject must be one line' },
    ]);
    expect((await refused('volunteer_application', 'accepted', { body: 'Dear {name}' })).status).toBe(400);
    expect(await refused('donation_intent', 'accepted', ok)).toEqual({
      status: 404,
      body: { error: 'No such reply template' },
    });
    expect((await refused('volunteer_application', 'withdrawn', ok)).status).toBe(404);
    expect((await call(adminReplyTemplates, 'POST', '/api/admin/reply-templates', { token, json: ok })).status).toBe(
      405,
    );
    expect(
      (
        await call(adminReplyTemplates, 'PUT', '/api/admin/reply-templates/volunteer_application/accepted', {
          json: ok,
        })
      ).status,
    ).toBe(401);

    expect(await list()).toEqual(seeded);
    expect(await auditEvents()).toEqual([]);
  });
});
