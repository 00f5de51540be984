/**
 * The fixed choices of the public forms. This module imports nothing, so a form can use the same lists as the
 * server's schemas (`./track.ts`) without shipping zod to the browser.
 */

/** Contact form types; `general` when left out. */
export const CONTACT_TYPES = ['general', 'volunteer', 'donation', 'sponsorship', 'partnership', 'media'] as const;
/** Sponsorship options of the sponsor page. */
export const SPONSORSHIP_TYPES = ['full', 'partial', 'group'] as const;
/** Sponsorship payment frequencies. */
export const SPONSORSHIP_PAYMENT_METHODS = ['monthly', 'quarterly', 'annual'] as const;
/** How a sponsor pays each period. */
export const SPONSORSHIP_PAY_WITH = ['card', 'mpesa'] as const;
/** Donation frequencies. */
export const DONATION_TYPES = ['one-time', 'monthly'] as const;
/** Causes a donation can go to. */
export const DONATION_CAUSES = ['education', 'healthcare', 'water', 'housing', 'emergency', 'general'] as const;
/** Ways to pay a donation. */
export const DONATION_PAYMENT_METHODS = ['card', 'mpesa', 'paypal', 'bank'] as const;
/** Smallest donation amount in USD. */
export const MIN_DONATION = 5;
/** Youngest age a volunteer may be. */
export const MIN_VOLUNTEER_AGE = 18;
/** Subjects a school volunteer can teach. */
export const SCHOOL_SUBJECTS = [
  'Mathematics',
  'English',
  'Science',
  'Swahili',
  'Physics',
  'Chemistry',
  'Biology',
  'Computer Studies',
  'Life Skills',
] as const;
/** Internship year-of-study choices. */
export const YEARS_OF_STUDY = [
  '2nd Year',
  '3rd Year',
  '4th Year',
  '5th Year',
  '6th Year',
  'Graduate',
  'Resident',
] as const;
/** Internship durations. */
export const INTERNSHIP_DURATIONS = ['1 month', '2 months', '3 months', '6 months', '1 year'] as const;
/**
 * The 12 fields of interest of the internship form. They follow the departments of the
 * three partner hospitals, so every choice leads somewhere an intern can be placed; the server accepts any text.
 */
export const FIELDS_OF_INTEREST = [
  'Paediatrics',
  'Internal Medicine',
  'Surgery',
  'Obstetrics & Gynaecology',
  'Emergency Medicine',
  'Oncology',
  'Radiology',
  'Pharmacy',
  'Ophthalmology',
  'Dentistry',
  'Physiotherapy',
  'Community & Public Health',
] as const;
