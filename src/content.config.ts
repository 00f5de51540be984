import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { withChildRecords } from './loaders/children.ts';
import { withPublishedRows } from './loaders/database.ts';
import { withEventRecords } from './loaders/events.ts';
import { withSiteSettings, withSlideSettings } from './loaders/site-settings.ts';
import { withTeamRecords } from './loaders/team.ts';
import { CONSENT_PARTS } from './lib/consent.ts';
import { BLOG_CATEGORIES } from './schemas/admin.ts';

/** An ISO calendar date, e.g. 2025-10-19. */
const isoDate = () => z.iso.date().describe('Date as YYYY-MM-DD');

/** A short, non-empty text line. */
const text = (what: string) => z.string().min(1).describe(what);

/** A list of at least one non-empty text line. */
const textList = (what: string) => z.array(z.string().min(1)).min(1).describe(what);

/**
 * A file loader for a JSON array that records each item's position as `order`: Astro stores entries sorted by
 * id, and editors expect the order of the file to be the order on the site.
 */
const orderedFile = (path: string) =>
  file(path, {
    parser: (text) => {
      const items: unknown = JSON.parse(text);
      if (!Array.isArray(items)) throw new Error(`${path} must hold a JSON array`);
      return items.map((item: Record<string, unknown>, order) => ({ ...item, order }));
    },
  });

/** Position in the file, set by the loader (editors never write it). */
const order = z.number().int().nonnegative().describe('Set automatically from the position in the file');

/** A quote from a person: shared by events and the volunteer page. */
const testimonial = z.object({
  name: text('Who said it'),
  role: text('What they are to the charity, e.g. "Parent, Kibera" or "Volunteer teacher"'),
  quote: text('Their words, without quotation marks'),
});

/** A guardian's consent as the site sees it: what it covers and the days it covers (src/lib/consent.ts). */
const consentTerms = z.object({
  guardian: z.string().min(1).optional().describe("Parent's or guardian's name (kept off every page)"),
  relation: z.string().min(1).optional().describe('What they are to the child, e.g. "Mother"'),
  givenOn: isoDate().describe('Day the consent form was signed'),
  validUntil: isoDate().describe('Last day it covers (a year after it was given unless renewed)'),
  covers: z
    .array(z.enum(CONSENT_PARTS))
    .min(1)
    .describe('What the site may show: profile (required to be listed), photo, school, location'),
  formRef: z.string().min(1).optional().describe('Reference of the paper consent form'),
});

/** Children: src/content/children.json, plus the records of /samu (src/loaders/children.ts). */
const children = defineCollection({
  loader: withChildRecords(orderedFile('src/content/children.json')),
  schema: ({ image }) =>
    z.object({
      id: text('Short lowercase id used in links, e.g. /sponsor?child=amani'),
      order,
      name: text('First and family name'),
      age: z.number().int().min(3).max(18).describe('Age in years'),
      location: z.string().describe('Neighbourhood in Nairobi, e.g. Kibera (never a home address)'),
      school: z.string().describe('School the child attends'),
      grade: text('Class, e.g. "Grade 4"'),
      story: text('Two or three dignified sentences about the child, in the third person'),
      needs: textList('What a sponsorship pays for, e.g. "School fees"'),
      image: image().optional().describe('Portrait in src/assets/children/ (without one: a neutral illustration)'),
      imageAlt: z.string().optional().describe('What the portrait shows'),
      monthlyNeed: z
        .number()
        .int()
        .min(5400)
        .max(10125)
        .describe('Monthly cost of full sponsorship in KES (5400 to 10125)'),
      sponsored: z.boolean().describe('Set by the build from the sponsorship records; write false in the file'),
      state: z
        .enum(['waiting', 'sponsored', 'left'])
        .default('waiting')
        .describe('Set by the build from the sponsorship records (never written in the file)'),
      consent: consentTerms
        .nullable()
        .describe("The guardian's consent; without one covering the profile the child is not on the site"),
      record: z.boolean().default(false).describe('Set by the build for children made in /samu'),
      interests: textList('Hobbies and favourite subjects'),
      family: text('One sentence about who the child lives with'),
      achievements: textList('Things the child is proud of'),
      dreamJob: text('What the child wants to be, e.g. "Doctor"'),
    }),
});

/** Events: src/content/events.json, plus the events published from /samu (src/loaders/events.ts). */
const events = defineCollection({
  loader: withEventRecords(orderedFile('src/content/events.json')),
  schema: ({ image }) =>
    z
      .object({
        id: text('Short lowercase id'),
        order,
        title: text('Event name'),
        subtitle: text('One line under the title'),
        date: isoDate().describe('Day of the event as YYYY-MM-DD: before the build date it is past, else upcoming'),
        venue: text('Place and town, e.g. "Sarit Expo Centre, Westlands, Nairobi"'),
        image: image().describe('Card image in src/assets/events/'),
        imageAlt: text('What the card image shows'),
        theme: text('The theme of the event in a few words'),
        description: text('One or two sentences for the card'),
        fullDescription: text('A paragraph for the details modal'),
        contact: z
          .object({
            name: text('Event coordinator'),
            email: z.email().describe('Coordinator email'),
            phone: text('Coordinator phone, +254 format'),
          })
          .describe('Who to ask about the event'),
        schedule: z
          .array(z.object({ time: text('e.g. "9:00 AM"'), activity: text('What happens') }))
          .min(1)
          .describe('Programme of the day'),
        expectedImpact: textList('Planned results (featured and upcoming events)').optional(),
        actualImpact: textList('Results achieved (past events)').optional(),
        itemsNeeded: textList('Donations in kind that help'),
        impact: text('One-line headline of the impact, e.g. "1,200 patients seen" (after the event)').optional(),
        gallery: z.array(image()).min(1).describe('Illustrations shown in the details modal'),
        testimonials: z.array(testimonial).describe('Quotes from people who took part'),
        longTermImpact: text('What lasts beyond the day').optional(),
        paymentLink: z
          .object({
            label: text('Button label, e.g. "Contribute to this event"'),
            campaign: text('Campaign tag added to the payment link'),
          })
          .optional()
          .describe('Contribution link, shown while the event is upcoming; the URL comes from src/lib/payment.ts'),
        message: text('A closing message to supporters (after the event)').optional(),
        cancelled: z
          .boolean()
          .default(false)
          .describe('true shows the event as cancelled until its date, then leaves it out'),
      })
      // Whether an event is past depends on the build date, so the file stays valid as days go by: plans before,
      // results once they are known.
      .refine((e) => !!e.expectedImpact || !!e.actualImpact, {
        message: 'An event needs expectedImpact (before it) or actualImpact (after it)',
      }),
});

/** Stories: the Markdown files of src/content/blog, plus the posts published from /samu (src/loaders/database.ts). */
const blog = defineCollection({
  loader: withPublishedRows(glob({ pattern: '**/*.md', base: './src/content/blog' }), 'blog'),
  schema: ({ image }) =>
    z.object({
      title: text('Headline'),
      slug: z
        .string()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
        .describe('Lowercase words joined by hyphens; the story id and its address'),
      excerpt: text('One or two sentences shown on cards'),
      image: image().describe('Cover illustration in src/assets/blog/'),
      imageAlt: text('What the cover shows'),
      category: z.enum(BLOG_CATEGORIES).describe('One of the six blog categories'),
      author: text('Writer name'),
      date: isoDate(),
      tags: z.array(z.string().min(1)).optional().describe('Keywords, without the leading #'),
      draft: z.boolean().default(false).describe('true hides the story from the site'),
      formerSlugs: z
        .array(z.string())
        .default([])
        .describe('Set by the build for stories made in /samu: earlier slugs, each redirected to this one'),
    }),
});

/** Programs: the Markdown files of src/content/programs, plus those published from /samu. */
const programs = defineCollection({
  loader: withPublishedRows(glob({ pattern: '**/*.md', base: './src/content/programs' }), 'programs'),
  schema: ({ image }) =>
    z.object({
      title: text('Program name'),
      slug: z
        .string()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
        .describe('Lowercase words joined by hyphens; the program id and its address /programs/<slug>'),
      summary: text('One or two sentences shown on the programs page'),
      image: image().optional().describe('Illustration in src/assets/ (optional)'),
      imageAlt: z.string().optional().describe('What the illustration shows (required with an image)'),
      order: z.number().int().nonnegative().default(0).describe('Place on /programs, smallest first'),
      date: isoDate(),
      draft: z.boolean().default(false).describe('true hides the program from the site'),
    }),
});

/** The team of the About page: src/content/team.json, plus the members of /samu (src/loaders/team.ts). */
const team = defineCollection({
  loader: withTeamRecords(orderedFile('src/content/team.json')),
  schema: ({ image }) =>
    z.object({
      id: text('Short lowercase id'),
      order,
      name: text('Full name'),
      role: text('Job title'),
      image: image().describe('Portrait in src/assets/team/ (or a Media upload for members of /samu)'),
      bio: text('One sentence for the card'),
      fullBio: z.array(z.string().min(1)).min(1).describe('Paragraphs shown in the modal'),
      email: z.email().describe('Work email'),
      phone: text('Work phone, +254 format'),
    }),
});

const schools = defineCollection({
  loader: orderedFile('src/content/schools.json'),
  schema: ({ image }) =>
    z.object({
      id: text('Short lowercase id'),
      order,
      name: text('School name'),
      location: text('Neighbourhood, e.g. "Kibera, Nairobi"'),
      students: z.number().int().positive().describe('Number of pupils'),
      needVolunteers: z.number().int().nonnegative().describe('Volunteer teachers wanted'),
      subjects: textList('Subjects where help is needed'),
      description: text('Two or three sentences about the school'),
      image: image().describe('Illustration in src/assets/schools/'),
      imageAlt: text('What the illustration shows'),
      urgency: z
        .enum(['high', 'medium', 'low'])
        .describe('high = Urgent Need, medium = Moderate Need, low = Available'),
    }),
});

const hospitals = defineCollection({
  loader: orderedFile('src/content/hospitals.json'),
  schema: ({ image }) =>
    z.object({
      id: text('Short lowercase id'),
      order,
      name: text('Hospital name'),
      location: text('Town or neighbourhood'),
      type: text('e.g. "National Referral Hospital"'),
      beds: z.number().int().positive().describe('Bed capacity'),
      departments: z.array(z.string().min(1)).min(4).describe('Departments taking interns (cards show the first 3)'),
      internPositions: z.number().int().positive().describe('Open intern positions'),
      description: text('Two or three sentences'),
      image: image().describe('Illustration in src/assets/hospitals/'),
      imageAlt: text('What the illustration shows'),
      specialties: textList('What the hospital is known for'),
      requirements: textList('What an intern needs'),
    }),
});

const opportunities = defineCollection({
  loader: orderedFile('src/content/opportunities.json'),
  schema: ({ image }) =>
    z.object({
      id: text('Short lowercase id'),
      order,
      title: text('Role name'),
      category: z.enum(['Education', 'Healthcare', 'Community']).describe('Education, Healthcare or Community'),
      description: text('Two sentences for the card'),
      duration: text('e.g. "3–12 months"'),
      location: text('Where the work happens'),
      requirements: textList('What a volunteer needs'),
      responsibilities: textList('What a volunteer does'),
      skills: textList('Useful skills'),
      impact: text('One sentence on the difference it makes'),
      image: image().describe('Illustration in src/assets/opportunities/'),
      imageAlt: text('What the illustration shows'),
      urgent: z.boolean().describe('true shows an Urgent badge'),
    }),
});

const causes = defineCollection({
  loader: orderedFile('src/content/causes.json'),
  schema: z.object({
    order,
    id: z.enum(['education', 'healthcare', 'water', 'housing', 'emergency', 'general']).describe('Fixed cause id'),
    name: text('Cause name'),
    description: text('One sentence'),
    impact: text('What a gift buys, e.g. "$50 buys a term of school books"'),
    urgent: z.boolean().describe('true shows an Urgent badge'),
    color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/i)
      .describe('Accent colour as #rrggbb'),
    sw: z
      .object({
        name: text('Jina la lengo'),
        description: text('Sentensi moja'),
        impact: text('Mchango unanunua nini'),
      })
      .optional()
      .describe('The same in Kiswahili, for the /sw/ pages and Kiswahili receipts (English shows when left out)'),
  }),
});

/** Hero slides: src/content/slides.json, or the slides saved in /samu's Site settings (src/loaders/site-settings.ts). */
const slides = defineCollection({
  loader: withSlideSettings(orderedFile('src/content/slides.json')),
  schema: ({ image }) =>
    z.object({
      id: text('Short lowercase id; slides show in file order'),
      order,
      title: text('Large heading'),
      subtitle: text('One sentence under the heading'),
      quote: text('A short quote, without quotation marks'),
      quoteAuthor: text('Who said it'),
      image: image().describe('Wide illustration (16:9) in src/assets/slides/'),
      imageAlt: text('What the illustration shows'),
    }),
});

/** A marketing figure such as { value: "15+", label: "Campaigns" }. */
const figure = z.object({
  value: text('The number as shown, e.g. "15+" or "$2.5M"'),
  label: text('What it counts'),
});

/** Site settings: src/content/site.json, with what /samu's Site settings saved over it (src/loaders/site-settings.ts). */
const site = defineCollection({
  loader: withSiteSettings(orderedFile('src/content/site.json')),
  schema: ({ image }) =>
    z.object({
      id: z.literal('site').describe('Always "site": the file holds one record'),
      order,
      name: text("The charity's name"),
      shortName: text('Short name for tight spaces'),
      tagline: text('One line under the name'),
      mission: text('Mission blurb for the footer and meta descriptions'),
      contact: z.object({
        email: z.email().describe('Public contact email'),
        phone: text('Phone as shown, +254 format'),
        whatsapp: z
          .string()
          .regex(/^\d{9,15}$/)
          .describe('WhatsApp number, digits only with country code'),
        city: text('City'),
        address: text('Street address as shown'),
        mapsQuery: text('Search text for the Get Directions link'),
      }),
      social: z.object({
        facebook: z.url().describe('Facebook page'),
        x: z.url().describe('X (Twitter) profile'),
        instagram: z.url().describe('Instagram profile'),
        linkedin: z.url().describe('LinkedIn page'),
      }),
      brochure: z.string().startsWith('/assets/').describe('Path of the PDF brochure under public/'),
      mpesaPaybill: z
        .string()
        .regex(/^\d{5,7}$/)
        .optional()
        .describe("M-Pesa Paybill (business) number printed in the brochure; the same as the functions' MPESA_PAYBILL"),
      mpesaAccountHint: z
        .string()
        .optional()
        .describe('A sentence under the Paybill number on the donate page (set in /samu)'),
      schedulingUrl: z.url().describe('15-minute call booking page'),
      map: z.object({
        center: z.tuple([z.number(), z.number()]).describe('[latitude, longitude]'),
        zoom: z.number().int().min(1).max(18).describe('Map zoom level'),
        popup: text('Text of the marker popup'),
      }),
      officeHours: z
        .array(
          z.object({
            label: text('e.g. "Monday – Friday"'),
            hours: text('e.g. "8:00 AM – 6:00 PM" or "Closed"'),
            days: z.array(z.number().int().min(0).max(6)).min(1).describe('Weekdays, 0 = Sunday'),
            open: z
              .string()
              .regex(/^\d\d:\d\d$/)
              .optional()
              .describe('Opening time HH:MM, Nairobi time'),
            close: z
              .string()
              .regex(/^\d\d:\d\d$/)
              .optional()
              .describe('Closing time HH:MM, Nairobi time'),
          }),
        )
        .describe('Office hours in Africa/Nairobi time'),
      statsBand: z.array(figure).length(4).describe('The four figures of the Home stats band'),
      figures: z.object({
        studentsTaught: figure,
        partnerSchools: figure,
        interns: figure,
        partnerHospitals: figure,
        sponsoredChildren: figure,
        graduationRate: figure,
        graduated: figure,
        atUniversity: figure,
        sponsors: figure,
        donations: figure,
        livesChanged: figure,
        fundsToPrograms: figure,
        projects: figure,
        volunteersPlaced: figure,
        livesTouched: figure,
        satisfaction: figure,
        partnerOrganizations: figure,
      }),
      about: z.object({
        intro: text('Opening paragraph of the About page and the Home teaser'),
        image: image().describe('About illustration in src/assets/about/'),
        imageAlt: text('What the illustration shows'),
        founderMessage: z.object({
          name: text('Founder name'),
          role: text('Founder title'),
          image: image().describe('Founder portrait in src/assets/'),
          paragraphs: z.array(z.string().min(1)).min(1).describe('The message, one string per paragraph'),
        }),
        mission: text('Mission statement'),
        vision: text('Vision statement'),
        values: z
          .array(
            z.object({
              title: z.enum(['Compassion', 'Impact', 'Community', 'Innovation']),
              description: text('One sentence'),
            }),
          )
          .length(4)
          .describe('The four values, in the order shown'),
        timeline: z
          .array(
            z.object({
              year: z.number().int().min(2021).max(2025),
              title: text('Milestone'),
              description: text('One or two sentences'),
            }),
          )
          .min(5)
          .describe('Timeline 2021–2025, oldest first'),
      }),
      volunteerTestimonials: z.array(testimonial).min(2).describe('Quotes on the Volunteer page'),
    }),
});

export const collections = {
  children,
  events,
  blog,
  programs,
  team,
  schools,
  hospitals,
  opportunities,
  causes,
  slides,
  site,
};
