import type { AirShoppingRequest, Offer, OfferReference } from "../../../src/contract/shopping";
import { SupplierError } from "../supplierError";

/** What the sandbox remembers of a search, to answer OfferPrice, ServiceList, SeatAvailability and OrderCreate. */
export interface StoredOffer {
  readonly offer: Offer;
  readonly request: AirShoppingRequest;
}

const lastValidInstant = (offer: Offer) =>
  Math.max(Date.parse(offer.expiresAt), offer.priceGuaranteeExpiresAt ? Date.parse(offer.priceGuaranteeExpiresAt) : 0);

/** Offers in memory until they expire (30 minutes, or the end of their price guarantee): the sandbox's cache of its stored searches. */
export class OfferStore {
  readonly #offers = new Map<string, StoredOffer>();

  remember(offers: readonly Offer[], request: AirShoppingRequest, now: Date): void {
    this.#forgetExpired(now);
    for (const offer of offers) this.#offers.set(offer.offerId, { offer, request });
  }

  /** The live offer, or undefined when this cache does not hold it (anymore). */
  live(reference: OfferReference, now: Date): StoredOffer | undefined {
    const stored = this.#offers.get(reference.offerId);
    const matches = stored && stored.offer.shoppingResponseId === reference.shoppingResponseId && stored.offer.ownerCode === reference.ownerCode;
    return matches && now.getTime() <= lastValidInstant(stored.offer) ? stored : undefined;
  }

  /** The live offer, or the reason it cannot be used. */
  find(reference: OfferReference, now: Date): StoredOffer {
    const stored = this.#offers.get(reference.offerId);
    if (
      !stored ||
      stored.offer.shoppingResponseId !== reference.shoppingResponseId ||
      stored.offer.ownerCode !== reference.ownerCode
    ) {
      throw new SupplierError("OFFER_NOT_FOUND", `Offer ${reference.offerId} is unknown to this supplier; search again.`);
    }
    if (now.getTime() > lastValidInstant(stored.offer)) {
      throw new SupplierError("OFFER_EXPIRED", `Offer ${reference.offerId} has expired; search again.`);
    }
    return stored;
  }

  replace(stored: StoredOffer): void {
    this.#offers.set(stored.offer.offerId, stored);
  }

  #forgetExpired(now: Date): void {
    for (const [offerId, stored] of this.#offers) {
      if (now.getTime() > lastValidInstant(stored.offer)) this.#offers.delete(offerId);
    }
  }
}
