/**
 * M-Pesa Paybill confirmations and validations (Daraja C2B) on both databases: a gift recorded once per TransID,
 * Daraja's rejection codes for what cannot be recorded, the Paybill minimum.
 */
import { describe, expect, test } from 'vitest';
import mpesa from '../../netlify/functions/payments-mpesa.ts';
import { databases, rows } from '../support/databases.ts';
import { call } from '../support/admin.ts';
import { gifts, PATH_SECRET, PAYBILL, useGiftLedger } from '../support/gift-ledger.ts';

describe.each(databases)('M-Pesa gifts on $name', (database) => {
  useGiftLedger(database);

  describe('M-Pesa C2B', () => {
    const confirmation = (overrides: Record<string, unknown> = {}) => ({
      TransactionType: 'Pay Bill',
      TransID: 'RKTQDM7W6S',
      TransTime: '20261125063845',
      TransAmount: '2700.00',
      BusinessShortCode: PAYBILL,
      BillRefNumber: 'Amani',
      InvoiceNumber: '',
      OrgAccountBalance: '',
      ThirdPartyTransID: '',
      MSISDN: '2547 ***** 126',
      FirstName: 'John',
      MiddleName: '',
      LastName: 'Kamau',
      ...overrides,
    });
    const c2b = (secret: string, json: unknown) =>
      call(mpesa, 'POST', `/api/payments/mpesa/c2b/${secret}`, { json, params: { secret } });

    test('records a confirmed gift towards the care of the child the account names, once per TransID', async () => {
      const res = await c2b(PATH_SECRET, confirmation());
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ResultCode: 0 });
      expect((await c2b(PATH_SECRET, confirmation())).status).toBe(200);
      expect(
        await rows(
          database,
          'select provider, kind, child_id, amount_subunits::int as amount, currency, state, donor_name from gifts',
        ),
      ).toEqual([
        {
          provider: 'mpesa',
          kind: 'donation',
          child_id: 'amani',
          amount: 270000,
          currency: 'KES',
          state: 'confirmed',
          donor_name: 'John Kamau',
        },
      ]);
      // A one-off payment is not a sponsorship (commitments.test.ts: only a commitment's first instalment starts one).
      expect(await rows(database, 'select created_by from sponsorships')).toEqual([]);
    });

    test("a confirmation that cannot be recorded is a 400 with Daraja's rejection code, never a 5xx", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ TransAmount: '0.001' }, 'C2B00013'],
        [{ TransAmount: 0.001 }, 'C2B00013'],
        [{ TransAmount: '5.005' }, 'C2B00013'],
        [{ TransAmount: '0x10' }, 'C2B00013'],
        [{ TransAmount: '1e3' }, 'C2B00013'],
        [{ TransAmount: '0' }, 'C2B00013'],
        [{ TransAmount: '-100' }, 'C2B00013'],
        [{ TransTime: '20261399999999' }, 'C2B00016'],
        [{ TransTime: '20260230120000' }, 'C2B00016'],
        [{ MSISDN: '2'.repeat(20_000) }, 'C2B00011'],
        [{ BillRefNumber: 'x'.repeat(61) }, 'C2B00012'],
        [{ FirstName: 'John\u0007' }, 'C2B00016'],
        [{ BusinessShortCode: '174379' }, 'C2B00015'],
      ];
      for (const [overrides, code] of cases) {
        const res = await c2b(PATH_SECRET, confirmation(overrides));
        expect(res.status, JSON.stringify(overrides).slice(0, 60)).toBe(400);
        expect(await res.json()).toMatchObject({ ResultCode: code, ResultDesc: 'Rejected' });
      }
      // A NUL never reaches the database either.
      const nul = await c2b(PATH_SECRET, confirmation({ BillRefNumber: 'Amani\u0000' }));
      expect(nul.status).toBe(400);
      expect(await gifts()).toEqual([]);
      expect(await rows(database, 'select 1 from payment_events')).toEqual([]);
    });

    test('the validation URL rejects with the documented code what could not be recorded, and accepts the rest', async () => {
      const validate = (json: unknown) =>
        call(mpesa, 'POST', `/api/payments/mpesa/c2b/${PATH_SECRET}/validation`, {
          json,
          params: { secret: PATH_SECRET },
        });
      for (const [overrides, code] of [
        [{ TransAmount: '0.001' }, 'C2B00013'],
        [{ MSISDN: '2'.repeat(20_000) }, 'C2B00011'],
        [{ BusinessShortCode: '174379' }, 'C2B00015'],
        [{ TransTime: '20261399999999' }, 'C2B00016'],
      ] as const) {
        const res = await validate(confirmation(overrides));
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ ResultCode: code, ResultDesc: 'Rejected' });
      }
      // Small amounts are never refused: they are recorded and flagged once confirmed.
      for (const TransAmount of ['2700.00', '1', 1]) {
        const res = await validate(confirmation({ TransAmount }));
        expect(await res.json()).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
      }
      expect((await validate({ hello: 'world' })).status).toBe(200);
      const wrongPath = await call(mpesa, 'POST', '/api/payments/mpesa/c2b/guess/validation', {
        json: confirmation(),
        params: { secret: 'guess' },
      });
      expect(wrongPath.status).toBe(404);
      expect(await gifts()).toEqual([]);
    });

    test('a payment below the Paybill minimum is recorded and flagged, and naming a child sponsors no one', async () => {
      const res = await c2b(PATH_SECRET, confirmation({ TransAmount: '1.00' }));
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ResultCode: 0 });
      // Naming a child makes it a gift towards her care, whatever the amount.
      expect(
        await rows(database, 'select kind, child_id, amount_subunits::int as amount, state, flag from gifts'),
      ).toEqual([
        {
          kind: 'donation',
          child_id: 'amani',
          amount: 100,
          state: 'confirmed',
          flag:
            'This M-Pesa payment of KES 1.00 is below the smallest Paybill gift of KES 100.00, so it pays no ' +
            'instalment and sponsors no one: check it.',
        },
      ]);
      expect(await rows(database, 'select 1 from sponsorships')).toEqual([]);
      // The minimum is configurable; at or above it a payment is recorded as before.
      process.env['MPESA_MINIMUM_KES'] = '50';
      await c2b(PATH_SECRET, confirmation({ TransID: 'RKTQDM7W7T', TransAmount: '50' }));
      expect(await rows(database, "select flag from gifts where reference = 'mpesa-RKTQDM7W7T'")).toEqual([
        { flag: null },
      ]);
    });

    test('a wrong path is 404, a wrong short code or shape 400, and nothing is stored', async () => {
      expect((await c2b('guess', confirmation())).status).toBe(404);
      expect((await c2b(`${PATH_SECRET}x`, confirmation())).status).toBe(404);
      expect((await c2b(PATH_SECRET, confirmation({ BusinessShortCode: '174379' }))).status).toBe(400);
      expect((await c2b(PATH_SECRET, confirmation({ TransAmount: 'lots' }))).status).toBe(400);
      expect((await c2b(PATH_SECRET, { hello: 'world' })).status).toBe(400);
      expect(await gifts()).toEqual([]);
    });
  });

});
