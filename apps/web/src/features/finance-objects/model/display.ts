import type { FinanceObject } from '@finportal/contracts/finance-objects';

/** The card's title: manufacturer and type ("Liebherr LTM 1050"), whichever is there. */
export function objectTitle(object: Pick<FinanceObject, 'manufacturer' | 'type'>): string {
  return [object.manufacturer, object.type].filter((part) => part && part.trim()).join(' ');
}

/** The merchant's address in one line: "Hauptstraße 5, 80331 München". */
export function merchantAddress(
  object: Pick<FinanceObject, 'merchant_street' | 'merchant_house_num' | 'merchant_postcode' | 'merchant_city'>,
  country: string,
): string {
  const street = [object.merchant_street, object.merchant_house_num].filter(Boolean).join(' ');
  const city = [object.merchant_postcode, object.merchant_city].filter(Boolean).join(' ');
  return [street, city, country].filter(Boolean).join(', ');
}
