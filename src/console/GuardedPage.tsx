import { CanAccess } from "@refinedev/core";
import { Suspense } from "react";
import { Navigate } from "react-router";
import type { ConsolePage } from "../config/consolePages";
import { DisplayInSelectedCurrency } from "../booking/ui/displayCurrency";
import { preloadable } from "../lib/preloadable";

const BookingForBar = preloadable(() => import("../booking/onBehalf/BookingForBar").then((module) => module.BookingForBar));

/** Loads the code the guarded page shows: its own, and the booking-for bar where it has one. */
export async function preloadGuardedPage(page: ConsolePage): Promise<void> {
  await Promise.all([page.component.preload(), page.bookingFor && BookingForBar.preload()]);
}

/** A console page shown only with its section's view permission. */
export function GuardedPage({ page }: { page: ConsolePage }) {
  const Page = page.component;
  return (
    <CanAccess
      resource={page.name}
      action="list"
      params={{ resource: { name: page.name, meta: { section: page.section, headOfficeAdminOnly: page.headOfficeAdminOnly } } }}
      fallback={<Navigate to="/access-denied" replace />}
    >
      {page.bookingFor && (
        <Suspense fallback={null}>
          <BookingForBar editable={page.bookingFor === "choose"} />
        </Suspense>
      )}
      {page.inSelectedCurrency ? (
        <DisplayInSelectedCurrency>
          <Page />
        </DisplayInSelectedCurrency>
      ) : (
        <Page />
      )}
    </CanAccess>
  );
}
