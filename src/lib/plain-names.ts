/**
 * The names staff know things by, for the ids the database stores: a cause's title, a role's title, a school's or
 * hospital's name, a child's first name. An id none of the lists knows is shown as it is, so nothing is hidden.
 */
import causes from '../content/causes.json' with { type: 'json' };
import children from '../content/children.json' with { type: 'json' };
import hospitals from '../content/hospitals.json' with { type: 'json' };
import opportunities from '../content/opportunities.json' with { type: 'json' };
import schools from '../content/schools.json' with { type: 'json' };

const byId = (list: readonly { id: string }[], name: (item: never) => string) =>
  new Map(list.map((item) => [item.id, name(item as never)]));

const CAUSES = byId(causes, (cause: { name: string }) => cause.name);
const ROLES = byId(opportunities, (role: { title: string }) => role.title);
const PLACES = new Map([
  ...byId(schools, (school: { name: string }) => school.name),
  ...byId(hospitals, (hospital: { name: string }) => hospital.name),
]);
const CHILDREN = byId(children, (child: { name: string }) => firstName(child.name));

/** The first of a person's names ('Wanjiku Kamau' → 'Wanjiku'). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** A cause's title ('water' → 'Clean Water'); a gift with no cause goes where most needed. */
export function causeTitle(id: string | null | undefined): string {
  return CAUSES.get(id || 'general') ?? id ?? '';
}

/** A child's first name from their site id ('wanjiku' → 'Wanjiku'), `known` first (a child staff added). */
export function childName(id: string | null | undefined, known?: string | null): string {
  if (known) return firstName(known);
  if (!id) return '';
  return CHILDREN.get(id) ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** What an application is for, by name: a role, a school, a hospital or a child. */
export function applicationForName(id: string): string {
  return ROLES.get(id) ?? PLACES.get(id) ?? CHILDREN.get(id) ?? id;
}
