import { describe, expect, test } from 'vitest';
import { FIELDS_OF_INTEREST } from '../../src/schemas/options.ts';
import {
  CARD_DEPARTMENTS,
  departmentsPreview,
  formatEventDate,
  urgencyLabel,
} from '../../src/components/programs/labels.ts';

describe('urgencyLabel', () => {
  test("names each school urgency in visitors' words", () => {
    expect(urgencyLabel('high')).toBe('Urgent Need');
    expect(urgencyLabel('medium')).toBe('Moderate Need');
    expect(urgencyLabel('low')).toBe('Available');
  });
});

describe('departmentsPreview', () => {
  test('lists the first 3 departments and counts the rest', () => {
    const departments = ['Paediatrics', 'Surgery', 'Maternity', 'Dental', 'Radiology'];
    expect(departmentsPreview(departments)).toEqual({ shown: ['Paediatrics', 'Surgery', 'Maternity'], more: 2 });
    expect(CARD_DEPARTMENTS).toBe(3);
  });

  test('counts nothing more when a hospital has 3 departments or fewer', () => {
    expect(departmentsPreview(['A', 'B', 'C'])).toEqual({ shown: ['A', 'B', 'C'], more: 0 });
    expect(departmentsPreview(['A'])).toEqual({ shown: ['A'], more: 0 });
  });
});

describe('formatEventDate', () => {
  test('reads an ISO date the way Nairobi writes it', () => {
    expect(formatEventDate('2025-10-19')).toBe('19 October 2025');
    expect(formatEventDate('2026-01-22')).toBe('22 January 2026');
  });
});

describe('FIELDS_OF_INTEREST', () => {
  test('offers 12 distinct fields', () => {
    expect(FIELDS_OF_INTEREST).toHaveLength(12);
    expect(new Set(FIELDS_OF_INTEREST).size).toBe(12);
  });
});
