/**
 * Payloads of the children records in /samu: a child's profile, the guardian's consent that decides what
 * the site may show, and a sponsorship recorded by staff. The dashboard's forms and the admin functions share them.
 */
import { z } from 'zod';
import { OWN_MEDIA_URL } from '../lib/media-paths.ts';
import { CONSENT_PARTS, type ConsentPart } from '../lib/consent.ts';
import { PublishStatusSchema, SLUG_PATTERN } from './admin.ts';
import { day, line, lines, required, whole } from './fields.ts';

/** Longest text of one child field (a story is a few sentences). */
const MAX_TEXT = 2000;

/** A committed child's portrait, for dashboard copies of the seed file's children. */
export const SEED_IMAGE = /^\.\.\/assets\/children\/[a-z0-9-]+\.(?:jpg|jpeg|png|webp)$/;

/** Fields a published child needs, with their labels. */
const TO_PUBLISH = {
  location: 'Location',
  grade: 'Class',
  story: 'Story',
  needs: 'Needs',
  interests: 'Interests',
  family: 'Family',
  achievements: 'Achievements',
  dream_job: 'Dream job',
} as const;

/** A child's profile (create and edit). */
export const ChildSchema = z
  .object({
    /** The child's id on the site, e.g. `amani` in /sponsor?child=amani. */
    slug: required('Child id', 60).regex(SLUG_PATTERN, 'Child id may hold only lowercase letters, digits and hyphens'),
    /** First and family name. */
    name: required('Name'),
    /** Age in years. */
    age: whole('Age', 3, 18),
    /** Neighbourhood in Nairobi, never a home address. */
    location: line('Location', 80),
    /** School the child attends. */
    school: line('School'),
    /** Class, e.g. "Grade 4". */
    grade: line('Class', 60),
    /** Two or three dignified sentences, in the third person. */
    story: line('Story', MAX_TEXT),
    /** What a sponsorship pays for, one per line. */
    needs: lines('Needs'),
    /** A photo from Media (`/media/<id>/<name>`); empty: a neutral illustration is shown. */
    image: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || OWN_MEDIA_URL.test(value) || SEED_IMAGE.test(value),
        'Pick the photo from Media (an address like /media/1/photo.jpg)',
      )
      .default(''),
    /** What the photo shows. */
    alt: line('Photo description'),
    /** Monthly cost of full sponsorship in KES. */
    monthly_need: whole('Monthly need', 5400, 10125),
    /** Hobbies and favourite subjects, one per line. */
    interests: lines('Interests'),
    /** One sentence about who the child lives with. */
    family: line('Family', 400),
    /** Things the child is proud of, one per line. */
    achievements: lines('Achievements'),
    /** What the child wants to be. */
    dream_job: line('Dream job', 80),
    /** Place in the lists, smallest first. */
    position: whole('Order', 0, 10_000).default(0),
    /** draft (staff only) or published (on the site while consent allows, after the next build). */
    status: PublishStatusSchema.default('draft'),
    /** in the programme, or left it (never offered to sponsors again). */
    programme: z.enum(['in', 'left'], 'Programme must be "in" or "left"').default('in'),
  })
  .superRefine((child, ctx) => {
    if (child.status !== 'published') return;
    for (const [field, label] of Object.entries(TO_PUBLISH)) {
      const value = child[field as keyof typeof TO_PUBLISH];
      if (value.length === 0)
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required to publish` });
    }
  });
/** A validated child profile. */
export type ChildInput = z.output<typeof ChildSchema>;

/** The columns of a child's profile, in the order of the table. */
export const CHILD_COLUMNS = [
  'slug',
  'name',
  'age',
  'location',
  'school',
  'grade',
  'story',
  'needs',
  'image',
  'alt',
  'monthly_need',
  'interests',
  'family',
  'achievements',
  'dream_job',
  'position',
  'status',
  'programme',
] as const;

/** The day a year after `day` (YYYY-MM-DD): the default end of a consent. */
export function aYearAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** A guardian's consent, recorded with a new child or later (a renewal or a change of what it covers). */
export const ConsentSchema = z
  .object({
    /** Parent's or guardian's full name. */
    guardian_name: required('Guardian name'),
    /** What they are to the child, e.g. "Mother", "Grandmother". */
    guardian_relation: required('Relation to the child', 80),
    /** The day the form was signed. */
    given_on: day('Consent date'),
    /** Last day it covers; empty: a year after it was given. */
    valid_until: z.string().trim().default(''),
    /** What the site may show: profile (always), photo, school, location. Comma-separated in the form. */
    covers: z
      .preprocess(
        (value) =>
          typeof value === 'string'
            ? value
                .split(',')
                .map((part) => part.trim())
                .filter(Boolean)
            : value,
        z.array(z.enum(CONSENT_PARTS, 'Consent covers profile, photo, school or location')),
      )
      .refine((parts) => parts.includes('profile'), 'Consent must cover the profile text for the child to be shown')
      .transform((parts): ConsentPart[] => CONSENT_PARTS.filter((part) => parts.includes(part))),
    /** The paper form's reference. */
    form_ref: required('Form reference', 80),
  })
  .transform((consent) => ({ ...consent, valid_until: consent.valid_until || aYearAfter(consent.given_on) }))
  .superRefine((consent, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(consent.valid_until) || Number.isNaN(Date.parse(consent.valid_until))) {
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: 'Valid until must be YYYY-MM-DD' });
    } else if (consent.valid_until < consent.given_on) {
      ctx.addIssue({
        code: 'custom',
        path: ['valid_until'],
        message: 'Consent must end on or after the day it was given',
      });
    }
  });
/** A validated consent. */
export type ConsentInput = z.output<typeof ConsentSchema>;

/** A new child: the profile and the consent that allows it, saved together or not at all. */
export const NewChildSchema = z.intersection(ChildSchema, ConsentSchema);

/** Withdrawing the current consent. */
export const WithdrawalSchema = z.object({
  /** Why, as the guardian said it (optional). */
  note: line('Note', 500),
});

/** A sponsorship staff record by hand. */
export const SponsorshipSchema = z.object({
  /** Sponsor's name. */
  sponsor_name: required('Sponsor name'),
  /** Sponsor's email (optional). */
  sponsor_email: z.union([z.literal(''), z.email('Sponsor email must be an email address')]).default(''),
  /** Amount per period, in whole units of the currency. */
  amount: whole('Amount', 1, 10_000_000),
  /** ISO currency code. */
  currency: z.enum(['KES', 'USD'], 'Currency must be KES or USD').default('KES'),
  /** How often the sponsor gives. */
  frequency: z
    .enum(['monthly', 'yearly', 'one-time'], 'Frequency must be monthly, yearly or one-time')
    .default('monthly'),
  /** First day of the sponsorship; empty: today. */
  since: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'Since must be YYYY-MM-DD')
    .default(''),
});

/** Ending the active sponsorship: back to waiting, or the child left the programme. */
export const SponsorshipEndSchema = z.object({
  /** True: the child left the programme and is not offered again. */
  left: z.boolean().default(false),
});
