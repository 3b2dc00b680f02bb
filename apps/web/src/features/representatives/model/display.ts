import { BENEFICIAL_OWNER_THRESHOLD_PERCENT } from '@finportal/contracts/representatives';
import { formatLocaleNumber } from '@finportal/contracts/numbers';
import type { Signatory } from '@finportal/contracts/representative-schemas';
import { percentOf, representativeIssues, type RepresentativeContext } from '@finportal/contracts/representatives';
import { customFieldIssues, type SignatoryCustomField } from '@finportal/contracts/signatory-custom-fields';
import { useEffect, useState } from 'react';

/** Display helpers of the cards, the register list and the panel (interface language). */

/**
 * A share stored as a decimal, in percent: the number as the language writes it and a non-breaking
 * space before the sign, like the error texts ("12,5 %" in German, "12.5 %" in English).
 */
export function formatShare(decimal: number, language: string): string {
  return formatPercentValue(percentOf(decimal), language);
}

/** A value already in percent (the list rules' totals: 112 → "112 %"). */
export function formatPercentValue(percent: number, language: string): string {
  return `${formatLocaleNumber(percent, language, { maximumFractionDigits: 2 })}\u00a0%`;
}

/**
 * The representative's record breaks a field rule or misses a custom-field answer: the card says
 * what, the panel counts the person (as the pending item err_signatory_data_missing does).
 */
export function isIncomplete(
  signatory: Signatory,
  context: RepresentativeContext,
  customFields: readonly SignatoryCustomField[],
): boolean {
  return (
    representativeIssues(signatory, context).length > 0 ||
    customFieldIssues(signatory.custom_fields_list, customFields).length > 0
  );
}

type PhoneFormatter = (stored: string) => string;
let phoneFormatter: PhoneFormatter | null = null;
let phoneFormatterLoad: Promise<PhoneFormatter> | null = null;

/**
 * Loads the phone number plans (libphonenumber-js, about 30 KB compressed) once, after the tab:
 * the cards show the stored number until they are there.
 */
export function loadPhoneFormatter(): Promise<PhoneFormatter> {
  phoneFormatterLoad ??= import('libphonenumber-js/min').then(
    ({ parsePhoneNumberFromString }) =>
      (phoneFormatter = (stored) => parsePhoneNumberFromString(stored)?.formatInternational() ?? stored),
    (error: unknown) => {
      phoneFormatterLoad = null;
      throw error;
    },
  );
  return phoneFormatterLoad;
}

/**
 * A stored phone number (+ and digits) grouped as the country writes it internationally
 * (+493012345678 → +49 30 12345678) once the number plans are loaded; unchanged before, and when
 * the plan does not know the number.
 */
export function formatPhone(stored: string): string {
  return phoneFormatter ? phoneFormatter(stored) : stored;
}

/** The phone formatter is loaded (a card re-renders once when it arrives). */
export function usePhoneFormatter(): boolean {
  const [ready, setReady] = useState(phoneFormatter !== null);
  useEffect(() => {
    if (ready) return;
    let active = true;
    loadPhoneFormatter().then(
      () => active && setReady(true),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [ready]);
  return ready;
}

/**
 * The fictitious beneficial owner of ADR 014 (GwG section 3 (2)): a legal representative named
 * beneficial owner with less than 25 %, as the list rules allow while nobody holds 25 % or more.
 */
export function isFictitiousOwner(signatory: {
  is_beneficial_owner: boolean | null;
  is_legal_signatory: boolean | null;
  percentage_owned: number | null;
}): boolean {
  return (
    signatory.is_beneficial_owner === true &&
    signatory.is_legal_signatory === true &&
    signatory.percentage_owned !== null &&
    signatory.percentage_owned * 100 < BENEFICIAL_OWNER_THRESHOLD_PERCENT
  );
}
