import { GST_PERCENT } from '../constants';

/** Base price plus 18% GST, in paise: 1000 → 1180. */
export function priceWithGstPaise(basePaise: number): number {
  return basePaise + gstPaise(basePaise);
}

export function gstPaise(basePaise: number): number {
  return Math.round((basePaise * GST_PERCENT) / 100);
}

/** "₹10" for whole rupees, otherwise "₹11.80". */
export function formatRupees(paise: number): string {
  const rupees = paise / 100;
  return Number.isInteger(rupees) ? `₹${rupees}` : `₹${rupees.toFixed(2)}`;
}
