import type { TFunction } from "i18next";
import type { FareBrand } from "../../contract/shopping";

/**
 * A bag allowance in words: none, a total weight, pieces of a weight each, or pieces alone (some
 * suppliers, Duffel among them, count pieces without giving their weight).
 */
export function bagAllowanceText({ pieces, weightKg }: FareBrand["checkedBaggage"], t: TFunction): string {
  if (pieces === 0) return weightKg === 0 ? t("booking.display.bags.none") : t("booking.display.bags.weight", { kg: weightKg });
  return weightKg === 0 ? t("booking.display.bags.pieces", { count: pieces }) : t("booking.display.bags.piecesUpTo", { count: pieces, kg: weightKg });
}
