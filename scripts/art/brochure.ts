/**
 * The two-page A4 brochure (public/assets/tumaini-brochure.pdf), drawn with PDFKit from the content files: what it
 * says comes from site.json (mission, values, figures, contact, office hours) and children.json (the price of full
 * sponsorship), so the brochure and the site never disagree. tests/unit/brochure.test.ts checks the committed file.
 */
import PDFDocument from 'pdfkit';
import { SPONSORSHIP_TYPE_INFO } from '../../src/lib/sponsorship-types.ts';
import { formatUsdRange, monthlyUsdRange, type UsdRange } from '../../src/lib/children.ts';
import { PAYBILL_GIFT_ACCOUNT } from '../../src/lib/constants.ts';

/** The parts of src/content/site.json the brochure prints. */
export type BrochureSite = {
  name: string;
  tagline: string;
  mission: string;
  contact: { email: string; phone: string; address: string };
  officeHours: { label: string; hours: string }[];
  about: { mission: string; vision: string; values: { title: string; description: string }[] };
  figures: Record<string, { value: string; label: string }>;
  /** The M-Pesa Paybill number, when the charity has one. */
  mpesaPaybill?: string;
};

/** The part of a child in src/content/children.json the brochure needs. */
export type BrochureChild = { monthlyNeed: number; id?: string };

/** A heading or a paragraph, with the space after it in points. */
export type Block = { readonly heading?: boolean; readonly text: string; readonly gap?: number };

/** One page: the title in its coloured band and the blocks below. */
export type BrochurePage = { readonly title: string; readonly blocks: readonly Block[] };

/** Stamped into the file so the same content always makes the same bytes (the file is committed). */
const CREATED = new Date('2026-11-23T00:00:00Z');

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const BAND = 120;
const COLOURS = {
  band: '#c2410c',
  sun: '#f59e0b',
  title: '#ffffff',
  tagline: '#fff7ed',
  accent: '#c2410c',
  ink: '#291a0f',
};

function usdOf(id: 'partial' | 'group'): UsdRange {
  const usd = SPONSORSHIP_TYPE_INFO.find((info) => info.id === id)?.usd;
  if (usd === undefined || usd === 'child') throw new Error(`${id} sponsorship has no price of its own`);
  return usd;
}

/** The sponsorship prices in a sentence: full sponsorship spans the children's monthly needs in dollars. */
export function sponsorshipText(children: readonly BrochureChild[]): string {
  const full = formatUsdRange(monthlyUsdRange(children.map((child) => child.monthlyNeed)));
  return (
    `Full sponsorship costs ${full} a month depending on the child, for a minimum of one year and renewable. ` +
    `Partial sponsorship is ${formatUsdRange(usdOf('partial'))} a month for at least six months. Groups of ` +
    `friends or colleagues can share a sponsorship at ${formatUsdRange(usdOf('group'))} each a month over twelve ` +
    'months, supporting three to five children.'
  );
}

/** How to give by M-Pesa from a phone: the Paybill number and the account to type, as the donate page says. */
export function paybillText(paybill: string, children: readonly BrochureChild[]): string {
  const example = children.find((child) => child.id)?.id?.toUpperCase();
  return (
    `Give by M-Pesa from your phone: M-Pesa, Lipa na M-Pesa, Pay Bill. Business number ${paybill}, account number ` +
    `${PAYBILL_GIFT_ACCOUNT} for a gift to all the children, or the first name of the child you sponsor` +
    `${example ? ` (for example ${example})` : ''}.`
  );
}

/** The office hours in one line, e.g. "Monday – Friday 8:00 AM – 6:00 PM; Saturday Closed; …". */
export function officeHoursText(hours: BrochureSite['officeHours']): string {
  return `Office hours (Nairobi time): ${hours.map((rule) => `${rule.label} ${rule.hours}`).join('; ')}.`;
}

/** What the brochure says, page by page. */
export function brochurePages(site: BrochureSite, children: readonly BrochureChild[]): BrochurePage[] {
  const figure = (keys: string[]) =>
    keys
      .map((key) => site.figures[key])
      .filter((value): value is { value: string; label: string } => value !== undefined)
      .map((value) => `${value.value} ${value.label.toLowerCase()}`)
      .join('  ·  ');
  const fundsToPrograms = site.figures['fundsToPrograms']?.value;
  return [
    {
      title: site.name,
      blocks: [
        { heading: true, text: 'Who we are' },
        { text: site.mission, gap: 14 },
        { heading: true, text: 'Our mission' },
        { text: site.about.mission, gap: 14 },
        { heading: true, text: 'Our vision' },
        { text: site.about.vision, gap: 14 },
        { heading: true, text: 'What we do' },
        {
          text: 'Child sponsorship: school fees, uniforms, books, meals and health care for children in Kibera, Mathare, Kawangware and other Nairobi neighbourhoods, with a caseworker who knows each family.',
        },
        {
          text: 'School volunteering: volunteer teachers support our partner schools in mathematics, English, science and life skills for a minimum of three months.',
        },
        {
          text: 'Hospital internships: medical and nursing students train at partner hospitals while serving children and families who need care.',
        },
        {
          text: 'Community events: back-to-school drives, free medical camps and youth football tournaments across Kenya.',
          gap: 14,
        },
        { heading: true, text: 'Our values' },
        ...site.about.values.map((value): Block => ({ text: `${value.title}: ${value.description}`, gap: 4 })),
      ],
    },
    {
      title: 'How you can help',
      blocks: [
        { heading: true, text: 'Sponsor a child' },
        { text: sponsorshipText(children), gap: 14 },
        { heading: true, text: 'Donate' },
        {
          text:
            'Gifts of any size fund education, health care, clean water, safe housing and emergency relief.' +
            (fundsToPrograms ? ` ${fundsToPrograms} of every gift goes to programmes.` : ''),
          gap: site.mpesaPaybill ? 6 : 14,
        },
        ...(site.mpesaPaybill ? [{ text: paybillText(site.mpesaPaybill, children), gap: 14 }] : []),
        { heading: true, text: 'Volunteer' },
        {
          text: 'Volunteers must be at least 18. We answer every application within 3–5 business days; hospital internship applications within 5–7 business days.',
          gap: 14,
        },
        { heading: true, text: 'Our impact so far' },
        { text: figure(['livesChanged', 'sponsors', 'donations', 'fundsToPrograms']) },
        { text: figure(['studentsTaught', 'partnerSchools', 'interns', 'partnerHospitals']) },
        { text: figure(['graduationRate', 'graduated', 'atUniversity', 'partnerOrganizations']), gap: 14 },
        { heading: true, text: 'Contact us' },
        { text: site.contact.address, gap: 2 },
        { text: `Email: ${site.contact.email}`, gap: 2 },
        { text: `Phone and WhatsApp: ${site.contact.phone}`, gap: 2 },
        { text: officeHoursText(site.officeHours) },
      ],
    },
  ];
}

/** Draws the pages into an A4 PDF with PDFKit's standard Helvetica fonts (nothing embedded). */
export function brochurePdf(site: BrochureSite, pages: readonly BrochurePage[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: {
      Title: `${site.name} - Brochure`,
      Author: site.name,
      Producer: 'scripts/art/brochure.ts',
      CreationDate: CREATED,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = A4.width - 2 * MARGIN;
  for (const page of pages) {
    doc.addPage();
    doc.rect(0, 0, A4.width, BAND).fill(COLOURS.band);
    doc.circle(A4.width - 80, 60, 30).fill(COLOURS.sun);
    doc
      .font('Helvetica-Bold')
      .fontSize(24)
      .fillColor(COLOURS.title)
      .text(page.title, MARGIN, 42, { width: width - 60 });
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor(COLOURS.tagline)
      .text(site.tagline, MARGIN, 80, { width: width - 60 });
    doc.x = MARGIN;
    doc.y = BAND + 36;
    for (const block of page.blocks) {
      if (block.heading) doc.font('Helvetica-Bold').fontSize(15).fillColor(COLOURS.accent);
      else doc.font('Helvetica').fontSize(11).fillColor(COLOURS.ink);
      doc.text(block.text, MARGIN, doc.y, { width, lineGap: 3 });
      doc.y += block.gap ?? 6;
    }
  }
  doc.end();
  return done;
}
