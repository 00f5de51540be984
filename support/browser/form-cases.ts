/** The seven public forms as a visitor fills them: where each is, how it opens, its fields and its success text. */
import type { Locator, Page } from '@playwright/test';
import { FORMS } from '../../src/lib/form-pages.ts';
import type { TrackType } from '../../src/schemas/track.ts';
import { touchIsland } from './hydration.ts';

/** What a gift form chose, as the stored gift holds it and as it leaves for the provider (all of it, or a part). */
export type Chosen = Partial<{
  kind: 'donation' | 'sponsorship';
  frequency: string;
  cause: string | null;
  child_id: string | null;
  sponsorship_type: string | null;
  amount_subunits: number;
  currency: string;
  method: string;
}>;

export type FormCase = {
  type: TrackType;
  /** A page the form is on. */
  path: string;
  /** Opens the form's dialog (a plain button: it must work before hydration and without JavaScript). */
  open?: (page: Page) => Promise<void>;
  /** Id of the form's dialog, if it has one. */
  dialog?: string;
  /** The form's container (its dialog, or the form). */
  form: (page: Page) => Locator;
  /** Fills every field; `email` identifies the submission. */
  fill: (form: Locator, email: string) => Promise<void>;
  /** What the stored payload holds after `fill` (besides the email). */
  stored: Record<string, unknown>;
  /** Name of the submit button. */
  submit: RegExp;
  /** What shows once the server accepted the form (with JavaScript). */
  sent: (page: Page) => Locator;
  /**
   * For a gift form (donate, sponsor): what `fill` chose, as the pending gift holds it and the provider is asked to
   * charge. Such a form opens the provider's checkout in a new tab instead of a "sent" page.
   */
  checkout?: Chosen;
};

const toast = (page: Page) => page.locator('#toast');

export const CASES: FormCase[] = [
  {
    type: 'newsletter_subscribe',
    path: '/about/',
    form: (page) => page.locator('form.newsletter'),
    fill: (form, email) => form.getByLabel('Email address').fill(email),
    stored: {},
    submit: /^Subscribe$/,
    sent: (page) => page.locator('footer').getByRole('button', { name: 'Check your inbox' }),
  },
  {
    type: 'contact_submit',
    path: '/contact/',
    form: (page) => page.locator('form', { has: page.getByRole('heading', { name: 'Send Us a Message' }) }),
    fill: async (form, email) => {
      await form.getByLabel('Your Name').fill('Achieng Odhiambo');
      await form.getByLabel('Email Address').fill(email);
      await form.getByLabel('What is it about?').selectOption('partnership');
      await form.getByLabel('Subject').fill('Reading club');
      await form.getByLabel('Your Message').fill('Our library would like to run a Saturday reading club.');
    },
    stored: {
      name: 'Achieng Odhiambo',
      type: 'partnership',
      subject: 'Reading club',
      message: 'Our library would like to run a Saturday reading club.',
    },
    submit: /^Send Message$/,
    sent: (page) => page.getByText('Your message has been sent.'),
  },
  {
    type: 'donation_intent',
    path: '/donate/',
    form: (page) => page.locator('form.donation-form'),
    fill: async (form, email) => {
      await form.getByRole('radio', { name: 'Monthly' }).check();
      await form.getByRole('radio', { name: 'Clean Water', exact: true }).check();
      await form.getByLabel('Or enter another amount').fill('75');
      await form.getByRole('radio', { name: 'Bank transfer' }).check();
      await form.getByLabel('Full name').fill('Grace Wanjiru');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone (optional)').fill('+254 700 000 001');
      await form.getByLabel('Address (optional)').fill('Box 1, Nakuru');
      await form.getByLabel('Keep my donation anonymous').check();
      // News only when asked for: the box starts unticked (Data Protection Act 2019 s.32).
      await form.getByLabel(/^Send me news/).check();
    },
    stored: {
      type: 'monthly',
      cause: 'water',
      amount: 75,
      paymentMethod: 'bank',
      name: 'Grace Wanjiru',
      phone: '+254 700 000 001',
      address: 'Box 1, Nakuru',
      anonymous: true,
      newsletter: true,
    },
    // $75 by bank transfer is charged in shillings: 75 × 135 = KES 10,125.
    checkout: {
      kind: 'donation',
      frequency: 'monthly',
      cause: 'water',
      child_id: null,
      amount_subunits: 1_012_500,
      currency: 'KES',
      method: 'bank',
    },
    submit: /^Donate/,
    sent: (page) => toast(page).getByText('Thank you for your generosity'),
  },
  {
    type: 'sponsorship_application',
    path: '/sponsor/',
    dialog: 'sponsor-amani',
    open: (page) => page.getByRole('button', { name: 'Sponsor Amani' }).click(),
    form: (page) => page.getByRole('dialog', { name: 'Sponsor Amani Otieno' }),
    fill: async (form, email) => {
      await form.getByLabel('Full name').fill('Esther Moraa');
      await form.getByLabel('Email address').fill(email);
      await form.getByLabel('Phone').fill('+254 700 000 002');
      await form.getByLabel('Address', { exact: true }).fill('Box 2, Kisumu');
      await form.getByLabel('Sponsorship type').selectOption('partial');
      await form.getByLabel('Payment frequency').selectOption('quarterly');
      await form.getByLabel('Message to Amani').fill('Keep asking questions!');
    },
    stored: {
      childId: 'amani',
      name: 'Esther Moraa',
      phone: '+254 700 000 002',
      address: 'Box 2, Kisumu',
      sponsorshipType: 'partial',
      paymentMethod: 'quarterly',
      message: 'Keep asking questions!',
    },
    // Partial sponsorship is $15 a month: a quarterly payment is $45.
    checkout: {
      kind: 'sponsorship',
      frequency: 'quarterly',
      child_id: 'amani',
      sponsorship_type: 'partial',
      cause: null,
      amount_subunits: 4_500,
      currency: 'USD',
      method: 'card',
    },
    submit: /^Continue to Payment$/,
    sent: (page) => toast(page).getByText(FORMS.sponsorship_application.success),
  },
  {
    type: 'volunteer_application',
    path: '/volunteer/',
    dialog: 'volunteer-apply',
    open: (page) =>
      page
        .getByRole('button', { name: /^Apply Now/ })
        .first()
        .click(),
    form: (page) => page.getByRole('dialog', { name: 'Volunteer Application' }),
    fill: async (form, email) => {
      await form.getByLabel('Full name').fill('Brian Kiprop');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('+254 700 000 003');
      await form.getByLabel('Age').fill('24');
      await form.getByLabel('Nationality').fill('Kenyan');
      await form.getByLabel('Availability').selectOption('Weekends only');
      await form.getByLabel('Preferred role').selectOption('youth-mentorship');
      await form.getByLabel('Skills').selectOption(['Teaching', 'Mentoring']);
      await form.getByLabel('Relevant experience').fill('Two years as a classroom assistant.');
      await form.getByLabel('Why do you want to volunteer').fill('I want to help children learn.');
    },
    stored: {
      name: 'Brian Kiprop',
      phone: '+254 700 000 003',
      age: 24,
      nationality: 'Kenyan',
      availability: 'Weekends only',
      opportunity: 'youth-mentorship',
      skills: ['Teaching', 'Mentoring'],
      experience: 'Two years as a classroom assistant.',
      motivation: 'I want to help children learn.',
    },
    submit: /^Submit Application$/,
    sent: (page) => toast(page).getByText(FORMS.volunteer_application.success),
  },
  {
    type: 'school_volunteer_application',
    path: '/programs/school-volunteering/',
    dialog: 'school-apply',
    open: (page) => page.locator('.page-hero').getByRole('button', { name: 'Apply Now' }).click(),
    form: (page) => page.getByRole('dialog', { name: 'Apply to Volunteer at a School' }),
    fill: async (form, email) => {
      await form.getByLabel('Full name').fill('Chebet Rono');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('+254 700 000 004');
      await form.getByLabel('Preferred school').selectOption('Mathare Valley Junior School');
      await form.getByLabel('Availability').fill('Weekday mornings');
      await form.getByRole('checkbox', { name: 'English', exact: true }).check();
      await form.getByRole('checkbox', { name: 'Biology', exact: true }).check();
      await form.getByLabel('Teaching or tutoring experience').fill('Tutored maths for a year.');
    },
    stored: {
      name: 'Chebet Rono',
      phone: '+254 700 000 004',
      school: 'Mathare Valley Junior School',
      availability: 'Weekday mornings',
      subjects: ['English', 'Biology'],
      experience: 'Tutored maths for a year.',
    },
    submit: /^Submit Application$/,
    sent: (page) => toast(page).getByText(FORMS.school_volunteer_application.success),
  },
  {
    type: 'internship_application',
    path: '/programs/hospital-internships/',
    dialog: 'internship-apply',
    open: (page) => page.locator('.page-hero').getByRole('button', { name: 'Apply Now' }).click(),
    form: (page) => page.getByRole('dialog', { name: 'Apply for a Hospital Internship' }),
    fill: async (form, email) => {
      await form.getByLabel('Full name').fill('Dan Mwangi');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('+254 700 000 005');
      await form.getByLabel('University').fill('University of Nairobi');
      await form.getByLabel('Year of study').selectOption('4th Year');
      await form.getByLabel('Field of interest').selectOption('Paediatrics');
      await form.getByLabel('Duration').selectOption('3 months');
      await form.getByLabel('Preferred hospital').selectOption('Westlands Mission Hospital');
      await form.getByLabel('Previous clinical experience').fill('Ward rounds in third year.');
      await form.getByLabel('References').fill('Dr. A, Dr. B');
      await form.getByLabel('Why do you want to intern with us?').fill('To learn paediatric care.');
    },
    stored: {
      name: 'Dan Mwangi',
      phone: '+254 700 000 005',
      university: 'University of Nairobi',
      yearOfStudy: '4th Year',
      medicalField: 'Paediatrics',
      duration: '3 months',
      hospital: 'Westlands Mission Hospital',
      previousExperience: 'Ward rounds in third year.',
      references: 'Dr. A, Dr. B',
      motivation: 'To learn paediatric care.',
    },
    submit: /^Submit Application$/,
    sent: (page) => toast(page).getByText(FORMS.internship_application.success),
  },
];

/** Goes to the form's page, brings its island into view, touches it as a visitor does, waits for it, opens it. */
export async function openHydratedForm(page: Page, form: FormCase): Promise<Locator> {
  await page.goto(form.path, { waitUntil: 'domcontentloaded' });
  const scope = form.form(page);
  const opener = page.locator(`[commandfor="${form.dialog}"], [data-opens="${form.dialog}"]`).first();
  await (form.dialog ? opener : scope).scrollIntoViewIfNeeded();
  await touchIsland(page, form.dialog ? page.locator(`#${form.dialog}`) : scope);
  if (form.open) await form.open(page);
  return scope;
}
