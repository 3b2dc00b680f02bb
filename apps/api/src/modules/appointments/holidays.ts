import Holidays from 'date-holidays';
import type { IsoDate } from '@finportal/contracts/zoned-time';

/**
 * Public holidays of a partner's region (`holiday_region` of the appointment config: ISO country
 * and optional state), from the maintained `date-holidays` library: days that cannot be booked
 * (ADR 017). Only the type `public` counts (not bank, school or observance days).
 */
export interface HolidayRegion {
  country: string;
  state?: string | undefined;
}

const cache = new Map<string, readonly IsoDate[]>();

/** Whether date-holidays knows the region (a partner file naming an unknown one is a mistake). */
export function isKnownHolidayRegion(region: HolidayRegion): boolean {
  const countries = new Holidays().getCountries();
  if (!(region.country in countries)) return false;
  if (!region.state) return true;
  return region.state in (new Holidays().getStates(region.country) ?? {});
}

/** The public holidays of one calendar year, `YYYY-MM-DD`, sorted. */
function holidaysOfYear(region: HolidayRegion, year: number): readonly IsoDate[] {
  const key = `${region.country}-${region.state ?? ''}-${year}`;
  let days = cache.get(key);
  if (!days) {
    const hd = region.state
      ? new Holidays(region.country, region.state, { types: ['public'] })
      : new Holidays(region.country, { types: ['public'] });
    days = [
      ...new Set(
        hd
          .getHolidays(year)
          .filter((h) => h.type === 'public')
          .map((h) => h.date.slice(0, 10)),
      ),
    ].sort();
    cache.set(key, days);
  }
  return days;
}

/** The public holidays from `from` to `to` (inclusive), sorted. */
export function holidaysBetween(region: HolidayRegion, from: IsoDate, to: IsoDate): IsoDate[] {
  if (to < from) return [];
  const days: IsoDate[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    days.push(...holidaysOfYear(region, year).filter((d) => d >= from && d <= to));
  }
  return days;
}
