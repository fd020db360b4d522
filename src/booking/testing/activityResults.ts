import type { ActivitySummary } from "../../contract/activities";

const DUBAI = { id: "AE-dubai", name: "Dubai", countryCode: "AE", countryName: "United Arab Emirates", province: "Dubai", latitude: 25.2, longitude: 55.27, timeZone: "Asia/Dubai", population: 1_137_347 };

/** An activity of a Dubai search as the API answers it, changed where a test needs. */
export function activitySummary(code: string, changes: { name?: string; category?: ActivitySummary["activity"]["category"]; minutes?: number; price?: number; free?: boolean; languages?: string[]; rating?: number }): ActivitySummary {
  return {
    activity: {
      activityCode: code,
      supplierId: "desert-city-experiences",
      name: changes.name ?? `Activity ${code}`,
      category: changes.category ?? "tour",
      city: DUBAI,
      summary: "A made-up activity for the tests.",
      durationMinutes: changes.minutes ?? 120,
      languages: changes.languages ?? ["English"],
      meetingPoint: "Dubai main square",
      inclusions: ["Guide"],
      exclusions: ["Tips"],
      rating: changes.rating ?? 4.5,
      reviews: 100,
      images: [],
    },
    supplierName: "Desert & City Experiences (sandbox)",
    fromPrice: { amount: changes.price ?? 10_000, currency: "KWD" },
    freeCancellation: changes.free ?? true,
  };
}
