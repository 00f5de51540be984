/** Which picture the site needs where: slides, children, team, events and galleries, blog covers, partners. */
import { officeMap } from './map.ts';
import { avatar, skin, type AvatarOptions } from './portraits.ts';
import { scene, type SceneOptions } from './scenes.ts';

/** One picture: where it goes under src/assets, its SVG and its JPEG quality. */
export type Job = { out: string; svg: string; quality?: number };

/** Every illustration of the site, in the order they are written. */
export const jobs: Job[] = [];
const wide = (out: string, o: SceneOptions) => jobs.push({ out, svg: scene(1600, 900, o), quality: 72 });
const card = (out: string, o: SceneOptions) => jobs.push({ out, svg: scene(800, 600, o), quality: 74 });
const blogCover = (out: string, o: SceneOptions) => jobs.push({ out, svg: scene(1200, 675, o), quality: 72 });
const portrait = (out: string, size: number, o: AvatarOptions) => jobs.push({ out, svg: avatar(size, o), quality: 78 });

// Hero slides (16:9).
wide('slides/education.jpg', { palette: 'sunrise', motifs: ['school', 'children'], seed: 11 });
wide('slides/sponsorship.jpg', { palette: 'golden', motifs: ['family', 'heart'], seed: 12, sun: 'center' });
wide('slides/health.jpg', { palette: 'morning', motifs: ['hospital', 'family'], seed: 13, sun: 'left' });
wide('slides/community.jpg', { palette: 'dusk', motifs: ['houses', 'water', 'children'], seed: 14 });
wide('slides/volunteers.jpg', { palette: 'highland', motifs: ['hands', 'mountain'], seed: 15, sun: 'right' });

// Children: warm, dignified illustrated portraits in school colours.
const uniform = {
  green: '#15803d',
  blue: '#1d4ed8',
  maroon: '#9f1239',
  navy: '#1e3a8a',
  purple: '#6d28d9',
  teal: '#0f766e',
  brown: '#92400e',
  red: '#b91c1c',
};
portrait('children/amani.jpg', 600, {
  bg: ['#fde68a', '#fb923c'],
  skin: skin.warm,
  hair: 'cropped',
  shirt: uniform.green,
  collar: '#f8fafc',
});
portrait('children/wanjiku.jpg', 600, {
  bg: ['#fbcfe8', '#f97316'],
  skin: skin.medium,
  hair: 'braids',
  shirt: uniform.blue,
  collar: '#f8fafc',
  earrings: true,
});
portrait('children/baraka.jpg', 600, {
  bg: ['#bbf7d0', '#facc15'],
  skin: skin.deep,
  hair: 'short',
  shirt: uniform.maroon,
  collar: '#fef3c7',
});
portrait('children/achieng.jpg', 600, {
  bg: ['#bae6fd', '#fcd34d'],
  skin: skin.deep,
  hair: 'puffs',
  shirt: uniform.navy,
  collar: '#f8fafc',
});
portrait('children/kibet.jpg', 600, {
  bg: ['#fed7aa', '#ea580c'],
  skin: skin.honey,
  hair: 'cropped',
  shirt: uniform.purple,
  collar: '#f8fafc',
});
portrait('children/zawadi.jpg', 600, {
  bg: ['#fef08a', '#f472b6'],
  skin: skin.warm,
  hair: 'bun',
  shirt: uniform.teal,
  collar: '#f8fafc',
  earrings: true,
});
portrait('children/musa.jpg', 600, {
  bg: ['#ddd6fe', '#fbbf24'],
  skin: skin.light,
  hair: 'kufi',
  hairColor: '#f8fafc',
  shirt: uniform.brown,
  collar: '#fef3c7',
});
portrait('children/neema.jpg', 600, {
  bg: ['#ccfbf1', '#fb923c'],
  skin: skin.medium,
  hair: 'afro',
  shirt: uniform.red,
  collar: '#f8fafc',
});

// Team and founder.
portrait('team/esther-njoroge.jpg', 400, {
  bg: ['#fde68a', '#c2410c'],
  skin: skin.warm,
  hair: 'headwrap',
  hairColor: '#b45309',
  shirt: '#7c2d12',
  earrings: true,
  adult: true,
});
portrait('team/david-omondi.jpg', 400, {
  bg: ['#bae6fd', '#f59e0b'],
  skin: skin.deep,
  hair: 'short',
  shirt: '#1e3a8a',
  collar: '#e0f2fe',
  glasses: true,
  adult: true,
});
portrait('team/fatuma-hassan.jpg', 400, {
  bg: ['#ccfbf1', '#0f766e'],
  skin: skin.honey,
  hair: 'headwrap',
  hairColor: '#0e7490',
  shirt: '#f8fafc',
  collar: '#0f766e',
  adult: true,
});

// Events: card images and their galleries.
card('events/nairobi-back-to-school-day.jpg', {
  palette: 'sunrise',
  motifs: ['skyline', 'books', 'children'],
  seed: 21,
});
card('events/mombasa-holiday-book-drive.jpg', { palette: 'coast', motifs: ['sea', 'gifts'], seed: 22, sun: 'left' });
card('events/nakuru-uniform-drive.jpg', { palette: 'golden', motifs: ['flamingos'], seed: 23 });
card('events/kirinyaga-medical-camp.jpg', { palette: 'highland', motifs: ['mountain', 'tent', 'family'], seed: 24 });
card('events/embu-football-tournament.jpg', { palette: 'morning', motifs: ['football', 'children'], seed: 25 });
const galleries: Record<string, SceneOptions[]> = {
  'nairobi-back-to-school-day': [
    { palette: 'golden', motifs: ['books', 'children'], seed: 31 },
    { palette: 'sunrise', motifs: ['school', 'family'], seed: 32, sun: 'left' },
    { palette: 'dusk', motifs: ['skyline', 'hands'], seed: 33 },
  ],
  'mombasa-holiday-book-drive': [
    { palette: 'coast', motifs: ['sea', 'children'], seed: 34 },
    { palette: 'golden', motifs: ['books', 'gifts'], seed: 35, sun: 'left' },
  ],
  'nakuru-uniform-drive': [
    { palette: 'morning', motifs: ['school', 'children'], seed: 36 },
    { palette: 'golden', motifs: ['flamingos', 'heart'], seed: 37, sun: 'center' },
  ],
  'kirinyaga-medical-camp': [
    { palette: 'highland', motifs: ['tent', 'family'], seed: 38 },
    { palette: 'morning', motifs: ['mountain', 'hospital'], seed: 39, sun: 'left' },
    { palette: 'sunrise', motifs: ['hands', 'heart'], seed: 40, sun: 'center' },
  ],
  'embu-football-tournament': [
    { palette: 'golden', motifs: ['football', 'family'], seed: 41 },
    { palette: 'dusk', motifs: ['children', 'mountain'], seed: 42, sun: 'left' },
    { palette: 'sunrise', motifs: ['football', 'hands'], seed: 43 },
  ],
};
for (const [id, list] of Object.entries(galleries))
  list.forEach((o, i) => card(`events/gallery/${id}-${i + 1}.jpg`, o));

// Blog covers.
blogCover('blog/first-day-at-kibera-hope.jpg', { palette: 'sunrise', motifs: ['school', 'children'], seed: 51 });
blogCover('blog/clean-water-for-mathare.jpg', {
  palette: 'morning',
  motifs: ['water', 'houses'],
  seed: 52,
  sun: 'left',
});
blogCover('blog/letters-from-sponsors.jpg', { palette: 'golden', motifs: ['heart', 'books'], seed: 53, sun: 'center' });
blogCover('blog/medical-camp-kirinyaga-recap.jpg', {
  palette: 'highland',
  motifs: ['mountain', 'tent', 'family'],
  seed: 54,
});
blogCover('blog/football-and-friendship-in-embu.jpg', { palette: 'dusk', motifs: ['football', 'children'], seed: 55 });
blogCover('blog/a-volunteer-teachers-term.jpg', {
  palette: 'golden',
  motifs: ['books', 'hands'],
  seed: 56,
  sun: 'left',
});
blogCover('blog/coding-club-kawangware.jpg', { palette: 'morning', motifs: ['laptop', 'children'], seed: 57 });

// Schools, hospitals, volunteer opportunities.
card('schools/kibera-hope-primary.jpg', { palette: 'sunrise', motifs: ['school', 'children'], seed: 61 });
card('schools/mathare-valley-junior.jpg', { palette: 'golden', motifs: ['school', 'books'], seed: 62, sun: 'left' });
card('schools/kawangware-community-academy.jpg', { palette: 'morning', motifs: ['school', 'family'], seed: 63 });
card('hospitals/uhuru-national-referral.jpg', {
  palette: 'morning',
  motifs: ['skyline', 'hospital'],
  seed: 71,
  sun: 'left',
});
card('hospitals/westlands-mission-hospital.jpg', { palette: 'golden', motifs: ['hospital', 'family'], seed: 72 });
card('hospitals/kibera-community-health-centre.jpg', { palette: 'sunrise', motifs: ['hospital', 'houses'], seed: 73 });
card('opportunities/education-general.jpg', { palette: 'sunrise', motifs: ['books', 'children'], seed: 81 });
card('opportunities/healthcare-support.jpg', {
  palette: 'morning',
  motifs: ['hospital', 'family'],
  seed: 82,
  sun: 'left',
});
card('opportunities/community-development.jpg', { palette: 'golden', motifs: ['houses', 'water'], seed: 83 });
card('opportunities/youth-mentorship.jpg', { palette: 'dusk', motifs: ['football', 'family'], seed: 84 });
card('opportunities/special-needs.jpg', { palette: 'highland', motifs: ['hands', 'heart'], seed: 85, sun: 'center' });
card('opportunities/technology-training.jpg', {
  palette: 'coast',
  motifs: ['laptop', 'children'],
  seed: 86,
  sun: 'left',
});

// About page.
blogCover('about/our-story.jpg', { palette: 'sunrise', motifs: ['skyline', 'family'], seed: 91 });

// The footer's picture of the office's street (16:9), shown until a visitor asks for the interactive map.
jobs.push({ out: 'map/office.jpg', svg: officeMap(), quality: 78 });
