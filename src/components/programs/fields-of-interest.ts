/**
 * The 12 fields of interest of the internship form (spec §5 leaves them open). They follow the departments of
 * the three partner hospitals, so every choice leads somewhere an intern can be placed. Zod-free: the form island
 * imports it; the server accepts any non-empty text.
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

/** One field of interest. */
export type FieldOfInterest = (typeof FIELDS_OF_INTEREST)[number];
