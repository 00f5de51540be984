/**
 * The site settings staff edit in /samu: the contact details, office hours, social links and M-Pesa Paybill every
 * page shows, the figures of the pages, and the hero slides of Home with their quotes. The dashboard's form and
 * netlify/functions/admin-site.ts share it, so both refuse the same input with the same words.
 */
import { z } from 'zod';
import { OWN_MEDIA_URL } from '../lib/media-paths.ts';
import { SLUG_PATTERN } from './admin.ts';
import { line, required } from './fields.ts';

/** A slide's shipped illustration, kept until a Media picture replaces it. */
export const SHIPPED_SLIDE_IMAGE = /^\.\.\/assets\/slides\/[a-z0-9-]+\.(?:jpg|jpeg|png|webp)$/;

/** A Kenyan number as visitors read it: +254 then nine digits, spaces allowed between groups. */
export const PHONE_PATTERN = /^\+254(?: ?\d){9}$/;

/** The message for a phone number in another form. */
export const PHONE_MESSAGE = 'Write the phone number as +254 followed by 9 digits, e.g. +254 712 345 678';

/** The digits WhatsApp links use for a +254 phone number (254712345678). */
export function whatsappDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** A web address that starts with https:// and names a site. */
const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(300, `${label} must be at most 300 characters`)
    .refine((value) => {
      if (!value.startsWith('https://')) return false;
      try {
        return new URL(value).hostname.includes('.');
      } catch {
        return false;
      }
    }, `${label} must be a full address starting with https://`);

/** A time of day HH:MM, or empty (closed). */
const clock = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value), `${label} must be a time like 08:00`)
    .default('');

/** One line of office hours: which days it covers, and when the office opens and closes (both empty: closed). */
export const OfficeHoursSchema = z
  .object({
    label: required('Days shown', 60),
    hours: required('Hours shown', 60),
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1, 'Tick at least one day')
      .refine((days) => new Set(days).size === days.length, 'Each day once'),
    open: clock('Opens at'),
    close: clock('Closes at'),
  })
  .refine((row) => (row.open === '') === (row.close === ''), {
    message: 'Give both the opening and the closing time, or neither when the office is closed',
    path: ['close'],
  })
  .refine((row) => row.open === '' || row.open < row.close, {
    message: 'The office must close after it opens',
    path: ['close'],
  });

/** A figure as the pages show it, e.g. { value: "15+", label: "Campaigns" }. */
export const FigureSchema = z.object({ value: required('Number', 20), label: required('What it counts', 80) });

/** The figures the pages quote by name, with the words staff know them by. */
export const FIGURE_NAMES = {
  studentsTaught: 'Students taught (school volunteering)',
  partnerSchools: 'Partner schools',
  interns: 'Interns trained',
  partnerHospitals: 'Partner hospitals',
  sponsoredChildren: 'Sponsored children',
  graduationRate: 'Graduation rate',
  graduated: 'Graduated',
  atUniversity: 'At university',
  sponsors: 'Sponsors',
  donations: 'Donations received',
  livesChanged: 'Lives changed',
  fundsToPrograms: 'Share of funds to programs',
  projects: 'Projects completed',
  volunteersPlaced: 'Volunteers placed',
  livesTouched: 'Lives touched',
  satisfaction: 'Volunteer satisfaction',
  partnerOrganizations: 'Partner organizations',
} as const;

/** One of the named figures. */
export type FigureName = keyof typeof FIGURE_NAMES;

const figureShape = Object.fromEntries(Object.keys(FIGURE_NAMES).map((name) => [name, FigureSchema])) as Record<
  FigureName,
  typeof FigureSchema
>;

/** A hero slide of Home with its quote. */
export const SlideSchema = z.object({
  id: required('Slide id', 60).regex(SLUG_PATTERN, 'Slide id may hold only lowercase letters, digits and hyphens'),
  title: required('Heading', 120),
  subtitle: required('Sentence under the heading', 300),
  quote: required('Quote', 300),
  quoteAuthor: required('Who said it', 120),
  image: z
    .string()
    .trim()
    .refine(
      (value) => OWN_MEDIA_URL.test(value) || SHIPPED_SLIDE_IMAGE.test(value),
      'Pick the picture from Media, or keep the one it shipped with',
    ),
  imageAlt: required('What the picture shows', 300),
});

/** The whole settings record, as the form saves it and the build reads it. */
export const SiteSettingsSchema = z.object({
  contact: z.object({
    phone: z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE),
    whatsapp: z.string().trim().regex(PHONE_PATTERN, `WhatsApp: ${PHONE_MESSAGE}`),
    email: z.email('Email must be an email address, e.g. hello@example.org'),
    address: required('Address', 200),
    city: required('City', 80),
  }),
  officeHours: z.array(OfficeHoursSchema).min(1, 'Give at least one line of office hours').max(7),
  social: z.object({
    facebook: httpsUrl('Facebook'),
    x: httpsUrl('X'),
    instagram: httpsUrl('Instagram'),
    linkedin: httpsUrl('LinkedIn'),
  }),
  mpesa: z.object({
    paybill: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d{5,7}$/.test(value), 'The Paybill number has 5 to 7 digits'),
    accountHint: line('Account hint', 300),
  }),
  statsBand: z.array(FigureSchema).length(4, 'The Home page shows exactly four figures'),
  figures: z.object(figureShape),
  slides: z
    .array(SlideSchema)
    .min(1, 'Home needs at least one slide')
    .max(8, 'At most 8 slides')
    .refine((slides) => new Set(slides.map((slide) => slide.id)).size === slides.length, 'Each slide needs its own id'),
});

/** The settings as stored and read back. */
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** The parts of the settings, in the words an audit entry uses ("changed contact, slides"). */
export const SETTINGS_PARTS: Readonly<Record<keyof SiteSettings, string>> = {
  contact: 'contact details',
  officeHours: 'office hours',
  social: 'social links',
  mpesa: 'M-Pesa Paybill',
  statsBand: 'Home figures',
  figures: 'page figures',
  slides: 'hero slides',
};

/** JSON with every object's keys sorted, so a value read back from the database compares equal to the one saved. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Which parts differ between two settings records, in words. */
export function changedParts(before: SiteSettings | null, after: SiteSettings): string[] {
  return (Object.keys(SETTINGS_PARTS) as (keyof SiteSettings)[])
    .filter((part) => canonical(before?.[part]) !== canonical(after[part]))
    .map((part) => SETTINGS_PARTS[part]);
}
