/**
 * The seeded randomness of `npm run seed:volume`: the same seed gives the same rows, on either database. Everything
 * random in the generator comes from one {@link Random}; nothing reads `Math.random` or the clock.
 */

/** A small, fast, seeded generator (mulberry32) with the draws the volume generator needs. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [low, high], both included. */
  int(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of `items`. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One key of `weights`, drawn in proportion to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let left = this.next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [key, weight] of entries) {
      left -= weight;
      if (left < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }

  /** A log-normal draw around `median` (spread `sigma` in log units). */
  logNormal(median: number, sigma: number): number {
    const u = Math.max(this.next(), 1e-12);
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
    return median * Math.exp(sigma * normal);
  }
}

const DAY_MS = 86_400_000;

/** Month weights of giving (index 0 = January): December peaks, with the end-of-year appeal in November. */
const GIVING_MONTHS = [0.8, 0.7, 0.8, 0.9, 0.9, 1.0, 0.9, 0.8, 0.9, 1.0, 1.4, 2.6];

/**
 * Moments between `from` and `until`, busier as the charity grows (the last year about three times the first) and,
 * for giving, in December. Rejection sampling: cheap, and the same draws for the same seed.
 */
export class Timeline {
  readonly from: Date;
  readonly until: Date;

  constructor(from: Date, until: Date) {
    this.from = from;
    this.until = until;
  }

  get days(): number {
    return (this.until.getTime() - this.from.getTime()) / DAY_MS;
  }

  /** A moment; `seasonal` follows the giving months. */
  moment(random: Random, seasonal = false): Date {
    const span = this.until.getTime() - this.from.getTime();
    for (;;) {
      const share = random.next();
      const at = new Date(this.from.getTime() + share * span);
      const growth = (0.5 + share) / 1.5;
      const season = seasonal ? GIVING_MONTHS[at.getUTCMonth()]! / 2.6 : 1;
      if (random.next() < growth * season) return at;
    }
  }

  /** A moment uniformly between `after` and the end. */
  after(random: Random, after: Date, withinDays = Number.POSITIVE_INFINITY): Date {
    const end = Math.min(this.until.getTime(), after.getTime() + withinDays * DAY_MS);
    return new Date(after.getTime() + random.next() * Math.max(0, end - after.getTime()));
  }
}

/** `at` plus `days` (fractions allowed). */
export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

const FIRST = [
  'Wanjiru',
  'Otieno',
  'Akinyi',
  'Kamau',
  'Njeri',
  'Mwangi',
  'Achieng',
  'Kiprop',
  'Wambui',
  'Omondi',
  'Chebet',
  'Mutua',
  'Nyambura',
  'Kiptoo',
  'Atieno',
  'Wafula',
  'Sarah',
  'James',
  'Grace',
  'David',
  'Mary',
  'Peter',
  'Emma',
  'Lukas',
  'Anna',
  'Hannah',
  'Tom',
  'Sophie',
  'Daniel',
  'Fatuma',
  'Hassan',
  'Amina',
  'Juma',
  'Esther',
  'Joseph',
];
const LAST = [
  'Kariuki',
  'Odhiambo',
  'Njoroge',
  'Wekesa',
  'Mutai',
  'Ochieng',
  'Kimani',
  'Githinji',
  'Onyango',
  'Korir',
  'Macharia',
  'Mbugua',
  'Smith',
  'Müller',
  'Johnson',
  'Brown',
  'Schmidt',
  'Taylor',
  'Andersson',
  'Ali',
  'Hussein',
];

/** A person's full name. */
export function personName(random: Random): string {
  return `${random.pick(FIRST)} ${random.pick(LAST)}`;
}

/** A unique address for person `n` of `kind` (example.org: never a real mailbox). */
export function personEmail(name: string, kind: string, n: number): string {
  const local = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z ]/g, '')
    .replace(' ', '.');
  return `${local}.${kind}${n}@example.org`;
}

/** A Kenyan mobile number in international form, from `n` (unique for distinct `n` below ten million). */
export function kenyanPhone(n: number): string {
  return `+2547${String(10_000_000 + (n % 90_000_000)).slice(-8)}`;
}

/** A sentence or a few of plausible filler text, `words` long. */
export function words(random: Random, count: number): string {
  const vocabulary = [
    'school',
    'fees',
    'thank',
    'you',
    'children',
    'Nairobi',
    'support',
    'visit',
    'uniform',
    'books',
    'water',
    'clinic',
    'help',
    'please',
    'update',
    'month',
    'sponsor',
    'family',
    'volunteer',
    'question',
    'receipt',
    'gift',
  ];
  return Array.from({ length: count }, () => random.pick(vocabulary)).join(' ');
}
