import { describe, expect, test } from 'vitest';
import { formProblem } from '../../netlify/functions/_shared/platform/form-answer.ts';
import { formPageWith, formsPageWith } from '../../netlify/functions/_shared/platform/form-page.ts';

/** A page as the build writes it: a form island (markup as React renders it) in a dialog, and the footer form. */
const PAGE = `<!DOCTYPE html><html lang="en"><head><title>Volunteer | Tumaini</title>
<script>var s = "<form><input name=\\"email\\"></form>";</script></head><body>
<astro-island uid="a1" component-url="/_astro/Apply.js" props="{}" ssr client="idle"><dialog id="apply" class="modal" aria-labelledby="apply-title"><h2 id="apply-title">Apply</h2>
<form class="form" action="/api/admin/track" method="post"><input type="hidden" name="form" value="volunteer_application"/><div class="error-summary" role="alert" tabindex="-1"></div>
<div class="field"><label for="_r1_">Full name<!-- --> *</label><input id="_r1_" required="" autoComplete="name" name="name"/></div>
<div class="field"><label for="_r2_">Email<!-- --> *</label><input id="_r2_" required="" type="email" name="email" aria-describedby="_r2_-hint"/><p class="field__hint" id="_r2_-hint">We reply here.</p></div>
<div class="field"><label for="_r3_">Skills</label><select id="_r3_" name="skills" multiple=""><option value="Teaching">Teaching</option><option value="Art &amp; craft">Art &amp; craft</option><option>Coaching</option></select></div>
<fieldset class="field"><legend>Availability<!-- --> *</legend><label><input type="radio" name="availability" value="weekdays" checked=""/><span>Weekdays</span></label><label><input type="radio" name="availability" value="weekends"/><span>Weekends</span></label></fieldset>
<label class="check"><input type="checkbox" name="newsletter" checked=""/>Send me news</label>
<div class="field"><label for="_r4_">Why &quot;us&quot;?</label><textarea id="_r4_" name="motivation" rows="4"></textarea></div>
<div class="honeypot" aria-hidden="true"><label>Leave this field empty<input type="text" name="website" value=""/></label></div>
<button type="submit" class="button">Submit</button></form></dialog></astro-island>
<footer><form class="form newsletter" method="post"><input type="hidden" name="form" value="newsletter_subscribe"/><input id="_n1_" type="email" name="email"/></form></footer>
</body></html>`;

const SENT: [string, string][] = [
  ['form', 'volunteer_application'],
  ['name', 'Brian "B" <Kiprop>'],
  ['email', 'brian@example'],
  ['skills', 'Art & craft'],
  ['skills', 'Coaching'],
  ['availability', 'weekends'],
  ['motivation', 'I want to help </textarea><script>alert(1)</script>'],
  ['website', 'spam'],
];

describe('formPageWith', () => {
  const html = formPageWith(PAGE, 'volunteer_application', SENT, [
    { name: 'email', message: 'Enter an email address like name@example.com' },
    { name: 'availability', message: 'Choose when you can come' },
    { name: '', message: 'Something about the whole form' },
  ])!;
  const form = html.slice(html.indexOf('<form class="form" action'), html.indexOf('</form></dialog>') + 7);

  test('fills every field with what was sent, escaped, and leaves the honeypot empty', () => {
    expect(form).toContain('name="name" value="Brian &#34;B&#34; &#60;Kiprop&#62;"');
    expect(form).toContain('name="email" aria-describedby="_r2_-hint _r2_-error" value="brian@example"');
    expect(form).toContain('<option value="Teaching">Teaching</option>');
    expect(form).toContain('<option value="Art &#38; craft" selected="">');
    expect(form).toContain('<option selected="">Coaching</option>');
    expect(form).toMatch(
      /<input type="radio" name="availability" value="weekdays" id="field-availability" aria-invalid="true">/,
    );
    expect(form).toMatch(/<input type="radio" name="availability" value="weekends" checked="" aria-invalid="true">/);
    expect(form).toContain('<input type="checkbox" name="newsletter">');
    expect(form).toContain(
      'name="motivation" rows="4">I want to help &#60;/textarea&#62;&#60;script&#62;alert(1)&#60;/script&#62;</textarea>',
    );
    expect(form).not.toContain('<script>');
    expect(form).toContain('name="website" value=""');
  });

  test('puts each message beside its field and links to it from the summary at the top', () => {
    expect(form).toMatch(
      /<div class="error-summary" role="alert" tabindex="-1" autofocus=""><h3 class="error-summary__title">There is a problem<\/h3>/,
    );
    expect(form).toContain('<li><a href="#_r2_">Email: Enter an email address like name@example.com</a></li>');
    expect(form).toContain('<li><a href="#field-availability">Availability: Choose when you can come</a></li>');
    expect(form).toContain('<li>Something about the whole form</li>');
    expect(form).toContain(
      'aria-invalid="true"><p class="field__error" id="_r2_-error">Enter an email address like name@example.com</p><p class="field__hint"',
    );
    expect(form).toContain('<fieldset class="field" aria-describedby="field-availability-error">');
    expect(form).toContain(
      '<p class="field__error" id="field-availability-error">Choose when you can come</p></fieldset>',
    );
  });

  test('opens the dialog, keeps the island from rendering over it, and says "Error" in the title', () => {
    expect(html).toContain('<dialog id="apply" class="modal" aria-labelledby="apply-title" open="">');
    expect(html).not.toContain('<astro-island');
    expect(html).toContain('<div class="form-answer"><dialog');
    expect(html).toContain('</dialog></div>');
    expect(html).toContain('<title>Error: Volunteer | Tumaini</title>');
  });

  test('leaves the rest of the page as it was: scripts, the footer form', () => {
    expect(html).toContain('<script>var s = "<form><input name=\\"email\\"></form>";</script>');
    expect(html).toContain('<input id="_n1_" type="email" name="email"/>');
    const rest = (page: string) => page.slice(page.indexOf('<footer>'));
    expect(rest(html)).toBe(rest(PAGE));
  });

  test('fills the form whose hidden fields match what was sent when a page has several', () => {
    const two = `<form method="post"><input type="hidden" name="form" value="sponsorship_application"/><input type="hidden" name="childId" value="amani"/><input name="email"/></form>
<form method="post"><input type="hidden" name="form" value="sponsorship_application"/><input type="hidden" name="childId" value="baraka"/><input name="email"/></form>`;
    const page = formPageWith(
      two,
      'sponsorship_application',
      [
        ['childId', 'baraka'],
        ['email', 'x@y'],
      ],
      [],
    )!;
    expect(page.split('</form>')[0]).toContain('<input name="email"/>');
    expect(page.split('</form>')[1]).toContain('<input name="email" value="x@y">');
  });

  test('a refused gift form that opened its answer in a new tab is sent again from that tab, once fixed', () => {
    const gift = `<form method="post" action="/api/payments/checkout" target="_blank" rel="noopener noreferrer" class="form"><input type="hidden" name="form" value="donation_intent"/><input name="email"/></form>`;
    const refused = formPageWith(gift, 'donation_intent', [['email', 'x@y']], [{ name: 'email', message: 'Bad' }])!;
    expect(refused).toMatch(/^<form method="post" action="\/api\/payments\/checkout" class="form">/);
    // Opened with choices made (not refused), the form is the page's own and keeps opening the checkout's tab.
    const chosen = formPageWith(gift, 'donation_intent', [['email', 'x@y']])!;
    expect(chosen).toContain('target="_blank" rel="noopener noreferrer"');
  });

  test('is undefined for a page without the form', () => {
    expect(formPageWith(PAGE, 'contact_submit', [], [])).toBeUndefined();
  });
});

describe('formsPageWith', () => {
  const page = `<ul><li><button type="submit" name="type" value="full" aria-pressed="true" data-choose="full">Full</button></li><li><button type="submit" name="type" value="partial" aria-pressed="false" data-choose="partial">Partial</button></li></ul>
<astro-island ssr><dialog id="sponsor-amani"><form method="post"><input type="hidden" name="form" value="sponsorship_application"/><input type="hidden" name="childId" value="amani"/><select name="sponsorshipType"><option value="full" selected="">Full</option><option value="partial">Partial</option></select><textarea name="message"></textarea></form></dialog>
<dialog id="sponsor-baraka"><form method="post"><input type="hidden" name="form" value="sponsorship_application"/><input type="hidden" name="childId" value="baraka"/><select name="sponsorshipType"><option value="full" selected="">Full</option><option value="partial">Partial</option></select></form></dialog></astro-island>`;

  test("makes the choice in every form, opens only the named child's dialog and presses the chosen type", () => {
    const html = formsPageWith(page, 'sponsorship_application', [['sponsorshipType', 'partial']], {
      open: ['childId', 'baraka'],
      pressed: { attribute: 'data-choose', value: 'partial' },
    })!;
    expect(html.match(/<option value="partial" selected="">/g)).toHaveLength(2);
    expect(html).not.toContain('<option value="full" selected');
    expect(html).toContain('<dialog id="sponsor-amani">');
    expect(html).toContain('<dialog id="sponsor-baraka" open="">');
    expect(html).toContain('value="full" aria-pressed="false" data-choose="full"');
    expect(html).toContain('value="partial" aria-pressed="true" data-choose="partial"');
    expect(html).toContain('<textarea name="message"></textarea>');
    expect(html).not.toContain('<astro-island');
  });

  test('is undefined for a page without the form', () => {
    expect(formsPageWith(page, 'contact_submit', [])).toBeUndefined();
  });
});

describe('the answer to a refused form post', () => {
  test.each([
    'http://localhost:8888/.netlify/functions/daily-rebuild',
    'http://localhost:8888/.netlify/functions/notify-digest',
    'http://localhost:8888/about/',
  ])('loads only the form’s own page, whatever the Referer names (%s)', async (referer) => {
    const asked: string[] = [];
    const loadPage = (url: URL) => {
      asked.push(url.href);
      return Promise.resolve(PAGE);
    };
    const req = new Request('http://localhost:8888/api/admin/track', { method: 'POST', headers: { referer } });
    const res = await formProblem(req, 'volunteer_application', { status: 400, message: 'Invalid payload' }, loadPage);
    expect(asked).toEqual(['http://localhost:8888/volunteer/']);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('There is a problem');
  });
});
