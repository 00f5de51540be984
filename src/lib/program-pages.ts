/** Pages of src/pages/programs/ other than the list and the program pages: no program may take their address. */
export const PROGRAM_PAGES = ['school-volunteering', 'hospital-internships'] as const;
