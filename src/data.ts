/**
 * The one place pages get content from. Every list is ready to render (filtered and sorted here, never in a
 * page) and every value is a plain object, so it can be passed to a React island as it is; images are
 * `ImageMetadata` for `<Image>` / `<Picture>` or `getImage()`.
 */
import type { ImageMetadata } from 'astro';
import { getCollection, getEntry, render, type CollectionEntry } from 'astro:content';
import illustration from './assets/children/illustration.jpg';
import { CHILDREN_SHOWN } from './lib/constants.ts';
import { shownChild } from './lib/consent.ts';
import { buildDay, classifyEvents, isPast, latestYearOfPast } from './lib/events.ts';
import { retentionRules, type RetentionRule } from './lib/retention.ts';

type ChildEntry = CollectionEntry<'children'>['data'];
/**
 * A child as the site may show it on the build date: only what the guardian's consent covers. Without
 * photo consent `image` is the neutral illustration (`photo` false); without school or location consent those are
 * left out. The consent itself never reaches a page.
 */
export type Child = Omit<ChildEntry, 'consent' | 'record' | 'image' | 'school' | 'location'> & {
  image: ImageMetadata;
  photo: boolean;
  school?: string;
  location?: string;
};
/** An event of the programs page; whether it is upcoming or past follows from its date (src/lib/events.ts). */
export type CharityEvent = CollectionEntry<'events'>['data'];
/** A team member of the About page. */
export type TeamMember = CollectionEntry<'team'>['data'];
/** A partner school of the school volunteering page. */
export type School = CollectionEntry<'schools'>['data'];
/** A partner hospital of the internships page. */
export type Hospital = CollectionEntry<'hospitals'>['data'];
/** A volunteer opportunity. */
export type Opportunity = CollectionEntry<'opportunities'>['data'];
/** A donation cause. */
export type Cause = CollectionEntry<'causes'>['data'];
/** A Home hero slide. */
export type Slide = CollectionEntry<'slides'>['data'];
/** Site settings: contact, social links, figures, About text. */
export type Site = CollectionEntry<'site'>['data'];
/** A marketing figure such as { value: '15+', label: 'Campaigns' }. */
export type Figure = Site['statsBand'][number];

/** A published blog story; `content` holds its paragraphs as plain text. */
export type Post = Omit<CollectionEntry<'blog'>['data'], 'draft' | 'formerSlugs'> & { id: string; content: string[] };

const siteEntry = await getEntry('site', 'site');
if (!siteEntry) throw new Error('src/content/site.json must hold one record with "id": "site"');

/** Site settings: name, tagline, mission, contact, social links, brochure, map, office hours, About text. */
export const site: Site = siteEntry.data;

/** The four figures of the Home stats band, in order. */
export const stats: Figure[] = site.statsBand;

/** Every marketing figure of the site by name, e.g. `figures.partnerSchools.value` → '15'. */
export const figures: Site['figures'] = site.figures;

/** The About page: intro, founder message, mission, vision, the four values and the 2021–2025 timeline. */
export const about: Site['about'] = site.about;

/** Quotes shown on the Volunteer page. */
export const volunteerTestimonials: Site['volunteerTestimonials'] = site.volunteerTestimonials;

type OrderedCollection =
  'children' | 'events' | 'team' | 'schools' | 'hospitals' | 'opportunities' | 'causes' | 'slides';

/** Entries of a JSON collection in the order of its file (the loader records each item's position). */
async function inFileOrder<C extends OrderedCollection>(collection: C): Promise<CollectionEntry<C>['data'][]> {
  const entries = await getCollection(collection);
  return entries.map((e) => e.data).sort((a, b) => a.order - b.order);
}

/** The five hero slides of Home, in file order. */
export async function heroSlides(): Promise<Slide[]> {
  return inFileOrder('slides');
}

/** The day this build decides by (Nairobi time, or `SITE_DATE`): consents, upcoming and past events. */
export const buildDate: string = buildDay();

/** Every child consent allows on the build date, in the chosen order (records made in /samu before file ties). */
async function childrenOnSite(): Promise<Child[]> {
  const entries = (await getCollection('children')).map((entry) => entry.data);
  entries.sort((a, b) => a.order - b.order || Number(b.record) - Number(a.record) || a.id.localeCompare(b.id));
  return entries.flatMap((entry) => {
    const { consent, record: _record, ...child } = entry;
    const shown = shownChild({ ...child, image: child.image ?? illustration }, consent, buildDate, illustration);
    return shown && shown.state !== 'left' ? [shown] : [];
  });
}

/** Every child on the site, waiting or sponsored (consent allowing), in the chosen order. */
export async function allChildren(): Promise<Child[]> {
  return childrenOnSite();
}

/** The children still waiting for a sponsor, in the chosen order: /children lists them all. */
export async function waitingChildren(): Promise<Child[]> {
  return (await childrenOnSite()).filter((child) => child.state === 'waiting');
}

/** The first `n` waiting children (at most CHILDREN_SHOWN): /sponsor lists these, Home picks 2 of them. */
export async function firstChildren(n: number = CHILDREN_SHOWN): Promise<Child[]> {
  return (await waitingChildren()).slice(0, Math.min(n, CHILDREN_SHOWN));
}

/** The sponsored children on the site, by id with their first name (for `/sponsor?child=<id>` to explain kindly). */
export async function sponsoredChildren(): Promise<{ id: string; firstName: string }[]> {
  return (await childrenOnSite())
    .filter((child) => child.state === 'sponsored')
    .map((child) => ({ id: child.id, firstName: child.name.split(' ')[0] ?? child.name }));
}

/** The child with this id on the site, or undefined. */
export async function childById(id: string): Promise<Child | undefined> {
  return (await childrenOnSite()).find((c) => c.id === id);
}

/** Every event: the featured (next) one, then the other upcoming ones (soonest first), then past (latest first). */
export async function allEvents(): Promise<CharityEvent[]> {
  const { featured, upcoming, past } = classifyEvents(await inFileOrder('events'), buildDate);
  return [...(featured ? [featured] : []), ...upcoming, ...past];
}

/** The next event (the one with the contribution link), or undefined when nothing is planned. */
export async function featuredEvent(): Promise<CharityEvent | undefined> {
  return classifyEvents(await inFileOrder('events'), buildDate).featured;
}

/** Upcoming events after the featured one, soonest first. */
export async function upcomingEvents(): Promise<CharityEvent[]> {
  return [...classifyEvents(await inFileOrder('events'), buildDate).upcoming];
}

/** Past events, latest first. */
export async function pastEvents(): Promise<CharityEvent[]> {
  return [...classifyEvents(await inFileOrder('events'), buildDate).past];
}

/** True when the event's date is before the build date: it shows its results and never asks for a contribution. */
export function eventIsPast(event: CharityEvent): boolean {
  return isPast(event.date, buildDate);
}

/** The past events of the build year, or of the latest year that has any (named by `year`). */
export async function recentImpact(): Promise<{ year: string; thisYear: boolean; events: CharityEvent[] } | undefined> {
  const latest = latestYearOfPast(await inFileOrder('events'), buildDate);
  return latest && { year: latest.year, thisYear: latest.year === buildDate.slice(0, 4), events: [...latest.events] };
}

/** The event with this id, or undefined. */
export async function eventById(id: string): Promise<CharityEvent | undefined> {
  return (await allEvents()).find((e) => e.id === id);
}

/** The paragraphs of a markdown body as plain text (blank-line separated). */
function paragraphs(body: string | undefined): string[] {
  return (body ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter((p) => p.length > 0);
}

function toPost(entry: CollectionEntry<'blog'>): Post {
  const { title, slug, excerpt, image, imageAlt, category, author, date, tags } = entry.data;
  return {
    id: entry.id,
    title,
    slug,
    excerpt,
    image,
    imageAlt,
    category,
    author,
    date,
    tags,
    content: paragraphs(entry.body),
  };
}

async function publishedEntries(): Promise<CollectionEntry<'blog'>[]> {
  const entries = await getCollection('blog', (e) => !e.data.draft);
  return entries.sort((a, b) => b.data.date.localeCompare(a.data.date) || a.id.localeCompare(b.id));
}

/**
 * Each earlier address of a published story (a slug staff changed in /samu) and the story's slug now, leaving out an
 * earlier slug a published story answers at again.
 */
export async function storyRedirects(): Promise<{ from: string; to: string }[]> {
  const entries = await publishedEntries();
  const live = new Set(entries.map((entry) => entry.data.slug));
  return entries.flatMap(({ data }) =>
    data.formerSlugs.filter((from) => !live.has(from)).map((from) => ({ from, to: data.slug })),
  );
}

/** Published blog stories, newest first. */
export async function publishedPosts(): Promise<Post[]> {
  return (await publishedEntries()).map(toPost);
}

/** The newest published story (Home's latest story card). */
export async function latestPost(): Promise<Post> {
  const [latest] = await publishedPosts();
  if (!latest) throw new Error('src/content/blog holds no published story');
  return latest;
}

/** The published story with this slug, or undefined. */
export async function postBySlug(slug: string): Promise<Post | undefined> {
  return (await publishedPosts()).find((p) => p.slug === slug);
}

/** The story's markdown rendered to a component (`<Content />`), for pages that want headings, links or emphasis. */
export async function renderPost(slug: string): Promise<Awaited<ReturnType<typeof render>> | undefined> {
  const entry = (await publishedEntries()).find((e) => e.data.slug === slug);
  return entry ? render(entry) : undefined;
}

/** Every blog category in use, in alphabetical order. */
export async function postCategories(): Promise<string[]> {
  return [...new Set((await publishedPosts()).map((p) => p.category))].sort();
}

/** A published program (a file of src/content/programs or a program published from /samu). */
export type Program = Omit<CollectionEntry<'programs'>['data'], 'draft'> & { id: string };

async function publishedProgramEntries(): Promise<CollectionEntry<'programs'>[]> {
  const entries = await getCollection('programs', (e) => !e.data.draft);
  return entries.sort((a, b) => a.data.order - b.data.order || a.data.title.localeCompare(b.data.title));
}

/** Published programs in their chosen order (then by title). */
export async function publishedPrograms(): Promise<Program[]> {
  return (await publishedProgramEntries()).map((entry) => {
    const { draft: _draft, ...data } = entry.data;
    return { id: entry.id, ...data };
  });
}

/** The program's Markdown rendered to a component (`<Content />`). */
export async function renderProgram(slug: string): Promise<Awaited<ReturnType<typeof render>> | undefined> {
  const entry = (await publishedProgramEntries()).find((e) => e.data.slug === slug);
  return entry ? render(entry) : undefined;
}

/** The team of the About page, by position in /samu (else file order, founder first). */
export async function team(): Promise<TeamMember[]> {
  return inFileOrder('team');
}

/** The partner schools, most urgent first. */
export async function schools(): Promise<School[]> {
  const rank = { high: 0, medium: 1, low: 2 } as const;
  return (await inFileOrder('schools')).sort((a, b) => rank[a.urgency] - rank[b.urgency]);
}

/** The partner hospitals, largest first. */
export async function hospitals(): Promise<Hospital[]> {
  return (await inFileOrder('hospitals')).sort((a, b) => b.beds - a.beds);
}

/** The six volunteer opportunities, in file order. */
export async function opportunities(): Promise<Opportunity[]> {
  return inFileOrder('opportunities');
}

/** The opportunities of one category (the Get Involved page shows Education, Community and Healthcare). */
export async function opportunitiesIn(category: Opportunity['category']): Promise<Opportunity[]> {
  return (await opportunities()).filter((o) => o.category === category);
}

/** The six donation causes, in file order. */
export async function causes(): Promise<Cause[]> {
  return inFileOrder('causes');
}

/** How visitors can pay besides the hosted checkout, from the build's environment (README, configuration). */
export const giving = {
  /**
   * The charity's M-Pesa Paybill number as the site settings give it, or null when M-Pesa is not connected (no
   * `MPESA_PAYBILL`, so gifts sent to it could not be recorded).
   */
  paybill: process.env['MPESA_PAYBILL'] ? site.mpesaPaybill || process.env['MPESA_PAYBILL'] : null,
  /** A sentence from the site settings shown under the Paybill number. */
  paybillHint: site.mpesaAccountHint ?? null,
  /** Whether the donate form offers PayPal: it has its own link, or payments are not connected yet. */
  paypal: Boolean(process.env['PAYPAL_URL']) || !process.env['PAYSTACK_SECRET_KEY'],
} as const;

/** The retention periods in force when the site was built (defaults, or their overrides from the environment). */
export const retention: RetentionRule[] = retentionRules(process.env);
