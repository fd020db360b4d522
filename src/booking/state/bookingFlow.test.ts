import { beforeEach, describe, expect, it } from "vitest";
import { airShoppingRequestSchema } from "../../contract/shopping";
import { TICKETED_ORDER } from "../testing/platformOrder";
import { PRICED_OFFER } from "../testing/pricedOffer";
import { beginCheckout, beginSplitBooking, continueSplitBooking, recordSplitOrder, splitBookingStore } from "./bookingFlow";
import { offerPriceStore, passengerDetailStore } from "./bookingStores";
import { orderFormStore, selectedSeatMapStore } from "./checkoutStores";

const REQUEST = airShoppingRequestSchema.parse({
  originDestinations: [
    { origin: "KWI", destination: "LHR", departureDate: "2026-12-10" },
    { origin: "LHR", destination: "KWI", departureDate: "2026-12-17" },
  ],
  passengers: { ADT: 2 },
});
const OUTBOUND = { ...PRICED_OFFER, offerId: "OUT" };
const INBOUND = { ...PRICED_OFFER, offerId: "IN" };

describe("booking flow", () => {
  beforeEach(() => beginCheckout(PRICED_OFFER, REQUEST));

  it("starts a checkout afresh: the earlier offer's price, seats and split booking go", () => {
    offerPriceStore.set({ response: { pricedOffer: PRICED_OFFER, priceChanged: false } });
    selectedSeatMapStore.set({ ...selectedSeatMapStore.get(), seatsWithSegments: { S1: ["1A"] } });
    splitBookingStore.set({ offers: [OUTBOUND, INBOUND], request: REQUEST, orderIds: [] });
    beginCheckout(OUTBOUND, REQUEST);
    expect(passengerDetailStore.get().data?.response.offerId).toBe("OUT");
    expect(offerPriceStore.get().response).toBeNull();
    expect(selectedSeatMapStore.get().seatsWithSegments).toEqual({});
    expect(splitBookingStore.get().offers).toEqual([]);
  });

  it("books a split ticket leg by leg, carrying the travellers to the next ticket", () => {
    beginSplitBooking([OUTBOUND, INBOUND], REQUEST);
    expect(passengerDetailStore.get().data?.response.offerId).toBe("OUT");
    expect(passengerDetailStore.get().flightSearchReqObj?.originDestinations).toHaveLength(1);

    expect(recordSplitOrder(TICKETED_ORDER)).toBe(1);
    expect(recordSplitOrder(TICKETED_ORDER)).toBe(1);
    continueSplitBooking(TICKETED_ORDER);
    expect(passengerDetailStore.get().data?.response.offerId).toBe("IN");
    expect(passengerDetailStore.get().flightSearchReqObj?.originDestinations[0]!.origin).toBe("LHR");
    expect(orderFormStore.get().form?.passengers[0]).toMatchObject({ firstName: "John", lastName: "Smith" });

    expect(recordSplitOrder({ ...TICKETED_ORDER, id: 42 })).toBeNull();
    expect(splitBookingStore.get().orderIds).toEqual([41, 42]);
  });
});
