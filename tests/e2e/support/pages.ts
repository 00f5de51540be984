/** Every public page of the route table (spec §1), without the stories and the 404 page. */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/programs',
  '/programs/school-volunteering',
  '/programs/hospital-internships',
  '/get-involved',
  '/sponsor',
  '/donate',
  '/volunteer',
  '/children',
  '/blog',
  '/contact',
];
