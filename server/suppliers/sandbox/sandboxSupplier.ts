import type {
  AirShoppingRequest,
  AirShoppingResponse,
  OfferPriceRequest,
  OfferPriceResponse,
  OfferReference,
  Order,
  OrderCancelRequest,
  OrderCancelResponse,
  OrderChangeResponse,
  OrderReference,
  OrderReshopRequest,
  OrderReshopResponse,
  OrderRetrieveRequest,
  SeatAvailabilityRequest,
  SeatAvailabilityResponse,
  ServiceListRequest,
  ServiceListResponse,
} from "../../../src/contract/shopping";
import { systemClock, type Clock } from "../../clock";
import { SupplierError } from "../supplierError";
import type {
  ClientReferenceRequest,
  SupplierAdapter,
  SupplierCallOptions,
  SupplierOrderChangeRequest,
  SupplierOrderCreateRequest,
} from "../types";
import { FARE_BRAND_CODES } from "./fares";
import { applyFaults, NO_FAULTS, validateSwitches, type SandboxSwitches } from "./faults";
import { buildAirShoppingResponse } from "./offers";
import { OfferStore, type StoredOffer } from "./offerStore";
import { SandboxOrderBook } from "./orderBook";
import { SANDBOX_SUPPLIER_PROFILES, type SandboxSupplierProfile } from "./profiles";
import type { FareBasis } from "./reshop";
import { buildSeatMap } from "./seatMaps";
import { buildServiceList } from "./services";
import { memorySandboxState, type SandboxState } from "./sandboxState";

/** After OfferPrice the priced amount holds for 30 minutes, even past the offer's own expiry. */
const PRICE_GUARANTEE_MS = 30 * 60_000;
/** How old a guarantee may be before OfferPrice renews it. */
const GUARANTEE_RENEWAL_MS = 5 * 60_000;

/**
 * A sandbox supplier: real generated flights, fares, seat maps and orders, deterministic for a
 * request, kept in the sandbox state (the database for the server; offers are rebuilt from the
 * search that made them, with a cache in memory), with switches for latency, failures and time-outs.
 */
export class SandboxSupplier implements SupplierAdapter {
  readonly isSandbox = true;
  readonly supplierId: string;
  readonly supplierName: string;
  readonly #offers = new OfferStore();
  readonly #orders: SandboxOrderBook;
  readonly #searchWrites = new Map<string, { write: Promise<boolean>; request: AirShoppingRequest; searchedAt: Date }>();
  #switches: SandboxSwitches = NO_FAULTS;

  constructor(
    private readonly profile: SandboxSupplierProfile,
    private readonly clock: Clock = systemClock,
    private readonly state: SandboxState = memorySandboxState(),
    /** Decides injected failures; a test passes its own. */
    private readonly random: () => number = Math.random,
  ) {
    this.supplierId = profile.supplierId;
    this.supplierName = profile.supplierName;
    this.#orders = new SandboxOrderBook(profile, clock, state);
  }

  get switches(): SandboxSwitches {
    return this.#switches;
  }

  setSwitches(changes: Partial<SandboxSwitches>): SandboxSwitches {
    this.#switches = validateSwitches({ ...this.#switches, ...changes });
    return this.#switches;
  }

  async airShopping(request: AirShoppingRequest, options: SupplierCallOptions): Promise<AirShoppingResponse> {
    await this.#faults(options);
    const now = this.clock();
    const response = buildAirShoppingResponse(this.profile, request, now);
    this.#storeSearch(response.shoppingResponseId, request, now);
    this.#offers.remember(response.offers, request, now);
    return response;
  }

  /**
   * Stores a search without making its answer wait: most searches are never priced. OfferPrice and
   * OrderCreate wait for the write, and make it again when it failed, so an offer taken further
   * is always recoverable after a restart or from another instance.
   */
  #storeSearch(shoppingResponseId: string, request: AirShoppingRequest, searchedAt: Date): void {
    const write = this.state.rememberSearch(this.supplierId, shoppingResponseId, request, searchedAt).then(
      () => true,
      () => false,
    );
    const pending = { write, request, searchedAt };
    this.#searchWrites.set(shoppingResponseId, pending);
    void write.then((written) => {
      if (written && this.#searchWrites.get(shoppingResponseId) === pending) this.#searchWrites.delete(shoppingResponseId);
    });
  }

  async #searchStored(shoppingResponseId: string): Promise<void> {
    const pending = this.#searchWrites.get(shoppingResponseId);
    if (!pending || (await pending.write)) return;
    await this.state.rememberSearch(this.supplierId, shoppingResponseId, pending.request, pending.searchedAt);
    this.#searchWrites.delete(shoppingResponseId);
  }

  async offerPrice(request: OfferPriceRequest, options: SupplierCallOptions): Promise<OfferPriceResponse> {
    await this.#faults(options);
    const stored = await this.#findOffer(request);
    await this.#searchStored(stored.offer.shoppingResponseId);
    const now = this.clock().getTime();
    // A guarantee is renewed at most every few minutes: an offer priced again and again (many bookings of one fare) writes once.
    const current = stored.offer.priceGuaranteeExpiresAt ? Date.parse(stored.offer.priceGuaranteeExpiresAt) : 0;
    if (current - now >= PRICE_GUARANTEE_MS - GUARANTEE_RENEWAL_MS) return { pricedOffer: stored.offer };
    const guaranteedUntil = new Date(now + PRICE_GUARANTEE_MS);
    const pricedOffer = { ...stored.offer, priceGuaranteeExpiresAt: guaranteedUntil.toISOString() };
    await this.state.rememberPriceGuarantee(this.supplierId, stored.offer.shoppingResponseId, stored.offer.offerId, guaranteedUntil);
    this.#offers.replace({ ...stored, offer: pricedOffer });
    return { pricedOffer };
  }

  async serviceList(request: ServiceListRequest, options: SupplierCallOptions): Promise<ServiceListResponse> {
    await this.#faults(options);
    const { offer } = await this.#findOffer(request);
    return { offerId: offer.offerId, services: buildServiceList(offer, this.profile) };
  }

  async seatAvailability(request: SeatAvailabilityRequest, options: SupplierCallOptions): Promise<SeatAvailabilityResponse> {
    await this.#faults(options);
    const { offer } = await this.#findOffer(request);
    const segments = offer.journeys.flatMap((journey) => journey.segments);
    const wanted = request.paxSegmentIDs?.length ? request.paxSegmentIDs : segments.map((segment) => segment.paxSegmentID);
    const seatMaps = await Promise.all(
      wanted.map(async (paxSegmentID) => {
        const segment = segments.find((candidate) => candidate.paxSegmentID === paxSegmentID);
        if (!segment) throw new SupplierError("INVALID_REQUEST", `Segment ${paxSegmentID} is not part of offer ${offer.offerId}.`);
        return buildSeatMap(segment, offer.fareBrand, this.profile, await this.#orders.takenSeats(paxSegmentID));
      }),
    );
    return { offerId: offer.offerId, seatMaps };
  }

  async orderCreate(request: SupplierOrderCreateRequest, options: SupplierCallOptions): Promise<Order> {
    await this.#faults(options);
    const stored = await this.#findOffer(request);
    await this.#searchStored(stored.offer.shoppingResponseId);
    const { offer } = stored;
    // Seat maps (and the seats taken) only of the segments where seats are chosen.
    const seated = new Set(request.selectedSeats.map((seat) => seat.paxSegmentID));
    const segments = offer.journeys.flatMap((journey) => journey.segments).filter((segment) => seated.has(segment.paxSegmentID));
    const seatMaps = new Map(
      await Promise.all(
        segments.map(async (segment) => [segment.paxSegmentID, buildSeatMap(segment, offer.fareBrand, this.profile, await this.#orders.takenSeats(segment.paxSegmentID))] as const),
      ),
    );
    return this.#orders.create(request, offer, this.#fareBasis(stored), {
      seatMaps,
      services: buildServiceList(offer, this.profile),
    });
  }

  async orderRetrieve(request: OrderRetrieveRequest, options: SupplierCallOptions): Promise<Order> {
    await this.#faults(options);
    return this.#orders.retrieve(this.#ownOrderId(request));
  }

  async orderRetrieveByClientReference(request: ClientReferenceRequest, options: SupplierCallOptions): Promise<Order | null> {
    await this.#faults(options);
    if (request.supplierId !== this.supplierId) return null;
    return this.#orders.retrieveByClientReference(request.clientReference);
  }

  async orderReshop(request: OrderReshopRequest, options: SupplierCallOptions): Promise<OrderReshopResponse> {
    await this.#faults(options);
    this.#ownOrderId(request);
    return this.#orders.reshop(request);
  }

  async orderChange(request: SupplierOrderChangeRequest, options: SupplierCallOptions): Promise<OrderChangeResponse> {
    await this.#faults(options);
    this.#ownOrderId(request);
    return this.#orders.change(request);
  }

  async orderCancel(request: OrderCancelRequest, options: SupplierCallOptions): Promise<OrderCancelResponse> {
    await this.#faults(options);
    this.#ownOrderId(request);
    return this.#orders.cancel(request);
  }

  #faults(options: SupplierCallOptions): Promise<void> {
    return applyFaults(this.#switches, options.signal, this.random);
  }

  /** The live offer: from the cache, or rebuilt from the stored search (after a restart, or made by another instance). */
  async #findOffer(reference: OfferReference): Promise<StoredOffer> {
    if (reference.supplierId !== this.supplierId) {
      throw new SupplierError("OFFER_NOT_FOUND", `Offer ${reference.offerId} belongs to ${reference.supplierId}, not ${this.supplierId}.`);
    }
    const now = this.clock();
    const cached = this.#offers.live(reference, now);
    if (cached) return cached;
    const search = await this.state.findSearch(this.supplierId, reference.shoppingResponseId);
    if (search) {
      const { offers } = buildAirShoppingResponse(this.profile, search.request, search.searchedAt);
      const guaranteed = offers.map((offer) => {
        const until = search.priceGuarantees[offer.offerId];
        return until ? { ...offer, priceGuaranteeExpiresAt: until } : offer;
      });
      this.#offers.remember(guaranteed, search.request, now);
    }
    return this.#offers.find(reference, now);
  }

  #ownOrderId(reference: OrderReference): string {
    if (reference.supplierId !== this.supplierId) {
      throw new SupplierError("ORDER_NOT_FOUND", `Order ${reference.orderId} belongs to ${reference.supplierId}, not ${this.supplierId}.`);
    }
    return reference.orderId;
  }

  #fareBasis(stored: StoredOffer): FareBasis {
    const { offer, request } = stored;
    const brand = FARE_BRAND_CODES.find((code) => code === offer.fareBrand.code);
    const fareKind = this.profile.fareKinds.find(
      (kind) => kind.fareFamilyCode === offer.fareFamilyCode && kind.fareCode === offer.fareCode,
    );
    if (!brand || !fareKind) throw new RangeError(`Offer ${offer.offerId} was not made by ${this.supplierName}.`);
    return { profile: this.profile, cabin: request.cabin, brand, fareKind };
  }
}

/** The three sandbox suppliers configured out of the box, named after the spec's sources. */
export function createSandboxSuppliers(clock: Clock = systemClock, state: SandboxState = memorySandboxState()): SandboxSupplier[] {
  return SANDBOX_SUPPLIER_PROFILES.map((profile) => new SandboxSupplier(profile, clock, state));
}
