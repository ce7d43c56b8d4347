// How the analytics page writes rates: on screen as a percentage, in a CSV as a rounded fraction.
export const pct = (r: number | null) => (r === null ? "—" : `${(r * 100).toLocaleString("en", { maximumFractionDigits: 1 })}%`);
/** Rates in the CSV: a fraction to 4 decimals (33.33 %), not 0.33333333333333331 (a spreadsheet formats it). */
export const roundRate = (r: number | null) => (r === null ? null : Math.round(r * 10_000) / 10_000);
