/**
 * Kiswahili for the people who used the /sw/ pages (issue 46): their receipt and its PDF, their acknowledgement, and a
 * refused plain form post, each in the language stored with what they sent.
 */
import { describe, expect, it } from 'vitest';
import { acknowledgement } from '../../src/lib/applications.ts';
import { translator } from '../../src/i18n/catalogue.ts';
import { localizedIssue } from '../../src/i18n/issues.ts';
import { formProblem } from '../../netlify/functions/_shared/form-answer.ts';
import { receiptPdf, receiptSubject, receiptText, type Receipt } from '../../netlify/functions/_shared/receipt.ts';
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
