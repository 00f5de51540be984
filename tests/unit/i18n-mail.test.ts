/**
 * Kiswahili for the people who used the /sw/ pages: their receipt and its PDF, their acknowledgement, and a
 * refused plain form post, each in the language stored with what they sent.
 */
import { describe, expect, it } from 'vitest';
import { acknowledgement } from '../../src/lib/applications.ts';
import { translator } from '../../src/i18n/catalogue.ts';
import { localizedIssue } from '../../src/i18n/issues.ts';
import { formProblem } from '../../netlify/functions/_shared/platform/form-answer.ts';
import {
  receiptPdf,
  receiptSubject,
  receiptText,
  statementPdf,
  statementSubject,
  statementText,
  type Receipt,
} from '../../netlify/functions/_shared/gifts/receipt.ts';
import { pdfText } from '../support/pdf-text.ts';

const receipt: Receipt = {
  number: 7,
  donorName: 'Amina Wanjiru',
  amountSubunits: 5000,
  currency: 'USD',
  date: new Date('2026-11-27T09:00:00Z'),
  method: 'M-Pesa',
  supports: 'Elimu (mchango)',
  frequency: 'Mara moja',
  transaction: 'T-1',
  refundedSubunits: 0,
  language: 'sw',
};

describe('a Kiswahili receipt', () => {
  it('says thank you and labels every line in Kiswahili, the date in Kiswahili', () => {
    const text = receiptText(receipt);
    expect(receiptSubject(receipt)).toBe("Risiti yako R-000007 kutoka Tumaini Children's Foundation");
    expect(text).toContain('Asante, Amina Wanjiru. Mchango wako umetufikia, na hii ni risiti yako.');
    expect(text).toContain('Namba ya risiti: R-000007');
    expect(text).toContain('Tarehe: 27 Novemba 2026');
    expect(text).toContain('Mchango: Mara moja, Elimu (mchango)');
    expect(text).toContain('/sw/my-giving/');
    expect(text).not.toContain('Receipt number');
  });

  it('its PDF copy is in Kiswahili too', async () => {
    const text = pdfText(await receiptPdf(receipt));
    expect(text).toContain('Risiti R-000007');
    expect(text).toContain('Imepokelewa kutoka kwa: Amina Wanjiru');
    expect(text).toContain('Asante kwa kusimama pamoja na watoto wa Nairobi.');
  });

  it('an English receipt is worded as before', () => {
    const english = { ...receipt, language: 'en' as const, supports: 'Education (donation)', frequency: 'One-time' };
    expect(receiptSubject(english)).toBe("Your receipt R-000007 from Tumaini Children's Foundation");
    expect(receiptText(english)).toContain('Receipt number: R-000007');
    expect(receiptText(english)).toContain('Date: 27 November 2026');
  });
});

describe('a Kiswahili acknowledgement', () => {
  it('names the application, who reviews it and the last day in Kiswahili', () => {
    const arrived = new Date('2026-11-27T08:00:00Z'); // a Friday
    const text = acknowledgement('volunteer_application', 'Juma', arrived, 'Tumaini', translator('sw'), 'sw-KE');
    expect(text.subject).toBe('Tumepokea ombi lako la kujitolea');
    expect(text.body).toContain('Mpendwa Juma,');
    expect(text.body).toContain('Mratibu wetu wa wajitoleaji atalipitia');
    // Five business days from Friday 27 November: the last day is Friday 4 December.
    expect(text.body).toContain('Ijumaa, 4 Desemba');
    expect(text.body).not.toMatch(/Dear|business days/);
  });
});

describe("the server's messages on a Kiswahili page", () => {
  it('are worded in Kiswahili by their pattern, and never left in English', () => {
    expect(localizedIssue('Name is required', 'sw')).toBe('Jaza sehemu hii.');
    expect(localizedIssue('Volunteers must be at least 18', 'sw')).toBe(
      'Wajitoleaji lazima wawe na umri wa miaka 18 au zaidi',
    );
    expect(localizedIssue('Something no pattern knows', 'sw')).toBe('Angalia sehemu hii.');
    expect(localizedIssue('Name is required', 'en')).toBe('Name is required');
  });

  it('a refused plain post from a /sw/ page comes back on the Kiswahili page, with what was typed', async () => {
    const page = `<!doctype html><html lang="sw"><head><title>Jitolee | Tumaini</title></head><body>
<form class="form" action="/api/admin/track" method="post"><input type="hidden" name="form" value="volunteer_application"/>
<input type="hidden" name="language" value="sw"/><div class="error-summary" role="alert" tabindex="-1"></div>
<div class="field"><label for="n">Jina kamili *</label><input id="n" name="name"/></div>
<div class="field"><label for="m">Kwa nini unataka kujitolea pamoja nasi? *</label><textarea id="m" name="motivation"></textarea></div>
</form></body></html>`;
    const asked: string[] = [];
    const req = new Request('http://localhost:8888/api/admin/track', { method: 'POST' });
    const res = await formProblem(
      req,
      'volunteer_application',
      {
        status: 400,
        message: 'Invalid payload',
        issues: [{ path: 'payload.name', message: 'Name is required' }],
        fields: [
          ['form', 'volunteer_application'],
          ['language', 'sw'],
          ['name', ''],
          ['motivation', 'Nataka kufundisha watoto hesabu'],
        ],
      },
      (url) => {
        asked.push(url.pathname);
        return Promise.resolve(page);
      },
    );
    const html = await res.text();
    expect(asked).toEqual(['/sw/volunteer/']);
    expect(res.status).toBe(400);
    expect(html).toContain('<title>Hitilafu: Jitolee | Tumaini</title>');
    expect(html).toContain('Kuna tatizo');
    expect(html).toContain('Jina kamili: Jaza sehemu hii.');
    expect(html).toContain('Nataka kufundisha watoto hesabu');
  });
});

describe('a yearly statement', () => {
  const refunded: Receipt = { ...receipt, number: 8, amountSubunits: 10000, refundedSubunits: 2500 };
  const statement = { year: 2026, donorName: 'Amina Wanjiru', gifts: [receipt, refunded], language: 'sw' as const };

  it('is in Kiswahili for a donor who gave from the Kiswahili pages: email and PDF', async () => {
    expect(statementSubject(statement)).toBe("Michango yako kwa Tumaini Children's Foundation mwaka 2026");
    const text = statementText(statement);
    expect(text).toContain('Asante, Amina Wanjiru. Hii ndiyo michango yako ya mwaka 2026.');
    expect(text).toContain('27 Novemba 2026');
    expect(text).toContain('ulitoa $100.00, ulirudishiwa $25.00');
    expect(text).toContain('Jumla: $125.00');
    expect(text).toContain('/sw/my-giving/');
    expect(text).not.toMatch(/Thank you|Total|given|refunded/);
    const pdf = pdfText(await statementPdf(statement));
    expect(pdf).toContain('Taarifa ya michango, 2026');
    expect(pdf).toContain('Mchangiaji: Amina Wanjiru');
    expect(pdf).toContain('Jumla: $125.00');
    expect(pdf).not.toContain('Statement of gifts');
  });

  it('stays in English for a donor who gave from the English pages', async () => {
    const english = { ...statement, language: 'en' as const };
    expect(statementSubject(english)).toBe("Your gifts to Tumaini Children's Foundation in 2026");
    const text = statementText(english);
    expect(text).toContain('Thank you, Amina Wanjiru. These are your gifts in 2026.');
    expect(text).toContain('27 November 2026');
    expect(text).toContain('$100.00 given, $25.00 refunded');
    expect(text).toContain('Total: $125.00');
    expect(pdfText(await statementPdf(english))).toContain('Statement of gifts, 2026');
  });
});
