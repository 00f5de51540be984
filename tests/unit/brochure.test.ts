import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  brochurePages,
  officeHoursText,
  paybillText,
  sponsorshipText,
  type BrochureChild,
  type BrochureSite,
} from '../../scripts/art/brochure.ts';
import { BROCHURE_PATH, currentBrochure } from '../../scripts/generate-images.ts';
import { formatUsdRange, kesToUsd, monthlyUsdRange } from '../../src/lib/children.ts';

const [site] = JSON.parse(readFileSync('src/content/site.json', 'utf8')) as BrochureSite[];
const children = JSON.parse(readFileSync('src/content/children.json', 'utf8')) as BrochureChild[];
const text = () =>
  brochurePages(site!, children)
    .flatMap((page) => page.blocks.map((block) => block.text))
    .join('\n');

describe('the brochure', () => {
  test("prices full sponsorship from the children's monthly needs, as the sponsor page does", () => {
    const range = formatUsdRange(monthlyUsdRange(children.map((child) => child.monthlyNeed)));
    expect(range).toBe('$40–$75');
    expect(text()).toContain(`Full sponsorship costs ${range} a month`);
    expect(text()).toContain('Partial sponsorship is $15–$30 a month');
    expect(text()).toContain('$20–$25 each a month');
    // A new child with a higher need moves the printed range with it.
    expect(sponsorshipText([...children, { monthlyNeed: 13_500 }])).toContain(`$40–$${kesToUsd(13_500)} a month`);
  });

  test("prints every line of site.json's office hours", () => {
    for (const rule of site!.officeHours)
      expect(officeHoursText(site!.officeHours)).toContain(`${rule.label} ${rule.hours}`);
    expect(text()).toContain(officeHoursText(site!.officeHours));
  });

  test("prints the M-Pesa Paybill with the GIFT account and a child's name as the sponsorship account", () => {
    expect(site!.mpesaPaybill).toMatch(/^\d{5,7}$/);
    expect(text()).toContain(
      `Business number ${site!.mpesaPaybill}, account number GIFT for a gift to all the children, or the first name ` +
        `of the child you sponsor (for example ${children[0]!.id!.toUpperCase()}).`,
    );
    // Without a Paybill nothing about M-Pesa is printed.
    const { mpesaPaybill: _, ...withoutPaybill } = site!;
    const pages = brochurePages(withoutPaybill, children);
    expect(pages.flatMap((page) => page.blocks.map((block) => block.text)).join('\n')).not.toContain('Pay Bill');
    expect(paybillText('600100', [])).toContain(
      'account number GIFT for a gift to all the children, or the first name of the child you sponsor.',
    );
  });

  test('the committed PDF is the one the content files make (run node scripts/generate-images.ts after a change)', async () => {
    const committed = readFileSync(BROCHURE_PATH);
    const made = await currentBrochure();
    expect(made.subarray(0, 5).toString()).toBe('%PDF-');
    expect(made.equals(committed)).toBe(true);
  });
});
