/** A period an intent names, as ISO dates for the search providers' date filter. */
export interface Period {
  dateFrom?: string;
  dateTo?: string;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const pad = (n: number) => String(n).padStart(2, "0");
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const plausible = (year: number) => year >= 1900 && year <= 2100;
const yearRange = (from: number, to: number): Period => ({ dateFrom: `${from}-01-01`, dateTo: `${to}-12-31` });
const monthRange = (year: number, month: number): Period => ({ dateFrom: `${year}-${pad(month)}-01`, dateTo: `${year}-${pad(month)}-${pad(lastDay(year, month))}` });

/**
 * The period an intent names, by code (a weak model gets dates wrong): a year range
 * ("2022–2024", "2022年至2024年", "from 2022 to 2024"), an open start ("since 2023", "2023年以来"),
 * a month ("2024年3月", "March 2024") or a year ("2024年", "in 2024"). None → `{}`.
 */
export function detectPeriod(text: string): Period {
  const range = /((?:19|20)\d{2})\s*(?:年)?\s*(?:-|–|—|~|至|到|to|until)\s*((?:19|20)\d{2})/i.exec(text);
  if (range) {
    const [a, b] = [Number(range[1]), Number(range[2])];
    if (plausible(a) && plausible(b)) return yearRange(Math.min(a, b), Math.max(a, b));
  }
  const since = /(?:since|from)\s+((?:19|20)\d{2})\b|((?:19|20)\d{2})\s*年\s*(?:以来|至今|起)/i.exec(text);
  if (since) return { dateFrom: `${since[1] ?? since[2]}-01-01` };
  const zhMonth = /((?:19|20)\d{2})\s*年\s*(1[0-2]|0?[1-9])\s*月/.exec(text);
  if (zhMonth) return monthRange(Number(zhMonth[1]), Number(zhMonth[2]));
  const enMonth = new RegExp(`\\b(${MONTHS.join("|")})\\s+((?:19|20)\\d{2})\\b`, "i").exec(text);
  if (enMonth) return monthRange(Number(enMonth[2]), MONTHS.indexOf((enMonth[1] ?? "").toLowerCase()) + 1);
  const year = /((?:19|20)\d{2})\s*年|\b(?:in|during|of)\s+((?:19|20)\d{2})\b/i.exec(text);
  if (year) return yearRange(Number(year[1] ?? year[2]), Number(year[1] ?? year[2]));
  return {};
}
