/**
 * Who an event is about, read when the event is read rather than stored in it: the donor of a gift or commitment,
 * the applicant of an application, the child of a record, and the staff member's display name. Events keep no
 * personal details, so Recent Activity names people this way, and a person erased is no longer named.
 */

/** A bigint id out of a payload field, or null when the field holds anything else. */
const idOf = (alias: string, field: string) =>
  `case when (${alias}.payload->>'${field}') ~ '^[1-9][0-9]{0,17}$' then (${alias}.payload->>'${field}')::bigint end`;

/** A child's first name from their site id (a record staff added, or one of the site's first list). */
const childFirstName = (slug: string) => `(select split_part(c.name, ' ', 1) from children c where c.slug = ${slug})`;

/**
 * The select-list expression `about` for events aliased `alias`: a JSON object with what is known of the people the
 * event is about (`donor`, `applicant`, `child`, `provider`, `method`, `actorName`), or null.
 */
export function eventAbout(alias: string): string {
  const gift = `(select jsonb_build_object(
      'donor', case when g.anonymous then null else g.donor_name end, 'provider', g.provider, 'method', g.method,
      'kind', g.kind, 'cause', g.cause, 'child', ${childFirstName('g.child_id')})
    from gifts g where g.id = coalesce(${idOf(alias, 'giftId')}, ${idOf(alias, 'id')}))`;
  const commitment = `(select jsonb_build_object(
      'donor', case when m.anonymous then null else m.donor_name end, 'kind', m.kind, 'cause', m.cause,
      'child', ${childFirstName('m.child_id')})
    from commitments m where m.id = coalesce(${idOf(alias, 'commitmentId')}, ${idOf(alias, 'id')}))`;
  const application = `(select jsonb_build_object('applicant', v.name, 'form', v.details->>'form')
    from volunteers v where v.id = ${idOf(alias, 'id')})`;
  const child = `(select jsonb_build_object('child', ${childFirstName(`${alias}.payload->>'child'`)}))`;
  const topic = `case
      when ${alias}.type like 'gift.%' or ${alias}.type in
        ('admin.gifts.create', 'admin.gifts.refund', 'admin.gifts.confirm', 'admin.gifts.assign') then ${gift}
      when ${alias}.type like 'commitment.%' or ${alias}.type = 'admin.commitments.decide' then ${commitment}
      when ${alias}.type like 'admin.volunteers.%' then ${application}
      when ${alias}.type like 'admin.children.%' then ${child}
    end`;
  const actor = `(select u.display_name from admin_users u where u.username = ${alias}.payload->>'actor')`;
  return `nullif(jsonb_strip_nulls(coalesce(${topic}, '{}'::jsonb) || jsonb_build_object('actorName', ${actor})),
    '{}'::jsonb) as about`;
}
