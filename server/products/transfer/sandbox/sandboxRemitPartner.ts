import type { Corridor } from "../../../../src/contract/moneyTransfer";
import { formatRate, RATE_DECIMALS } from "../../../../src/contract/transferQuote";
import type { Clock } from "../../../clock";
import { SupplierError } from "../../../suppliers/supplierError";
import type { SandboxBookingStore } from "../../sandboxBookingStore";
import type { PartnerLock, PartnerSubmission, PartnerTransfer, RemittancePartner } from "../types";

/** What the sandbox partner keeps of a transfer (in sandbox_orders, like every sandbox). */
export interface SandboxRemittance extends PartnerSubmission {
  readonly reference: string;
  readonly submittedAt: string;
  readonly state: PartnerTransfer["state"];
  readonly reason: string;
}

export const remittanceReference = (remittance: Pick<SandboxRemittance, "reference">) => remittance.reference;

const kwd = (amount: number) => ({ amount, currency: "KWD" });
const sar = (amount: number) => ({ amount, currency: "SAR" });
const KWD_BANDS = [
  { upTo: 100_000, flat: 1_000, percentBps: 0 },
  { upTo: 500_000, flat: 1_500, percentBps: 25 },
  { upTo: null, flat: 0, percentBps: 50 },
];
const SAR_BANDS = [
  { upTo: 150_000, flat: 1_500, percentBps: 0 },
  { upTo: null, flat: 1_500, percentBps: 30 },
];

type Destination = readonly [country: string, currency: string, methods: Corridor["payoutMethods"], kwdRate: number];
/** Where the sandbox pays out, and its mid rate per Kuwaiti dinar at midnight. */
const DESTINATIONS: readonly Destination[] = [
  ["IN", "INR", ["bank", "cash", "wallet"], 271.53],
  ["PK", "PKR", ["bank", "cash", "wallet"], 905.12],
  ["PH", "PHP", ["bank", "cash", "wallet"], 180.4],
  ["EG", "EGP", ["bank", "cash"], 158.2],
  ["BD", "BDT", ["bank", "wallet"], 385.7],
  ["LK", "LKR", ["bank", "cash"], 968.05],
];
/** The sending currencies, as Kuwaiti dinars per unit. */
const SENDING: Readonly<Record<string, number>> = { KWD: 1, SAR: 0.0817 };

function corridorsOf(brand: string): Corridor[] {
  const served = brand === "DESERTEXPRESS" ? DESTINATIONS.filter(([country]) => country !== "LK") : DESTINATIONS;
  return served.flatMap(([country, currency, methods]) => [
    { sendCountry: "KW", sendCurrency: "KWD", receiveCountry: country, receiveCurrency: currency, payoutMethods: [...methods], minSend: kwd(5_000), maxSend: kwd(2_000_000), feeBands: KWD_BANDS },
    { sendCountry: "SA", sendCurrency: "SAR", receiveCountry: country, receiveCurrency: currency, payoutMethods: [...methods], minSend: sar(5_000), maxSend: sar(2_500_000), feeBands: SAR_BANDS },
  ]);
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1_440;
/** Transfers of an amount ending in .013 (or 0.13) are rejected by the sandbox's compliance: a rejection on demand. */
const isRejectedAmount = (minor: number) => minor % 1_000 === 13 || minor % 100 === 13;

/**
 * A deterministic remittance partner with two brands (Swift Remit and Desert Express): rates that
 * move with the minute of the day (half a per cent either side of the mid rate; Desert Express a
 * little under Swift Remit), payout a set time after submission, and its compliance rejecting
 * amounts ending in .013. Kept in the database, so restarts and second instances agree.
 */
export class SandboxRemitPartner implements RemittancePartner {
  readonly partnerId = "sandbox-remit";
  readonly partnerName = "Sandbox remittance partner";
  readonly isSandbox = true;

  constructor(
    private readonly clock: Clock,
    private readonly store: SandboxBookingStore<SandboxRemittance>,
    private readonly payoutAfterMs: number,
  ) {}

  async corridors(brand: string): Promise<readonly Corridor[]> {
    return this.#corridors(brand);
  }

  #corridors(brand: string): readonly Corridor[] {
    return brand === "SWIFTREMIT" || brand === "DESERTEXPRESS" ? corridorsOf(brand) : [];
  }

  /** The sandbox's rate is the same whatever the amount: its fee is the brand's fee bands, charged beside it. */
  async rate(brand: string, corridor: Pick<Corridor, "sendCurrency" | "receiveCurrency">): Promise<string> {
    const destination = DESTINATIONS.find(([, currency]) => currency === corridor.receiveCurrency);
    const sending = SENDING[corridor.sendCurrency];
    if (!destination || sending === undefined || this.#corridors(brand).length === 0) throw new SupplierError("OFFER_NOT_FOUND", `${brand} does not send ${corridor.sendCurrency} to ${corridor.receiveCurrency}.`);
    const minute = Math.floor(this.clock().getTime() / MINUTE_MS) % DAY_MINUTES;
    const drift = 1 + 0.005 * Math.sin((2 * Math.PI * minute) / DAY_MINUTES);
    const brandFactor = brand === "DESERTEXPRESS" ? 0.997 : 1;
    // A partner's quoted rate: a decimal it publishes, not money; it is fixed here to six decimals.
    return formatRate(BigInt(Math.round(destination[3] * sending * drift * brandFactor * 10 ** RATE_DECIMALS)));
  }

  /** The sandbox keeps no quote of its own: the platform's quote lock is the only one. */
  async lock(): Promise<PartnerLock | null> {
    return null;
  }

  async submit(submission: PartnerSubmission): Promise<PartnerTransfer> {
    if (!this.#corridors(submission.brand).some((corridor) => corridor.receiveCurrency === submission.receive.currency && corridor.sendCurrency === submission.send.currency)) {
      throw new SupplierError("INVALID_REQUEST", `${submission.brand} does not serve this corridor.`);
    }
    const existing = await this.store.byClientReference(this.partnerId, submission.clientReference);
    if (existing) return view(existing);
    for (;;) {
      const remittance: SandboxRemittance = { ...submission, reference: `SR${Math.floor(Math.random() * 1e10).toString().padStart(10, "0")}`, submittedAt: this.clock().toISOString(), state: "sent", reason: "" };
      if (await this.store.insert(this.partnerId, remittance)) return view(remittance);
    }
  }

  async status(reference: string): Promise<PartnerTransfer> {
    const stored = await this.store.load(this.partnerId, reference);
    if (!stored) throw new SupplierError("ORDER_NOT_FOUND", `There is no transfer ${reference}.`);
    const { booking, version } = stored;
    if (booking.state !== "sent" || this.clock().getTime() < Date.parse(booking.submittedAt) + this.payoutAfterMs) return view(booking);
    const settled: SandboxRemittance = isRejectedAmount(booking.send.amount)
      ? { ...booking, state: "rejected", reason: "The partner's compliance check stopped the payout." }
      : { ...booking, state: "paid" };
    await this.store.update(this.partnerId, settled, version);
    return view(settled);
  }

  async byClientReference(clientReference: string): Promise<PartnerTransfer | null> {
    const found = await this.store.byClientReference(this.partnerId, clientReference);
    return found ? this.status(found.reference) : null;
  }

  async cancel(reference: string): Promise<PartnerTransfer> {
    const current = await this.status(reference);
    if (current.state !== "sent") throw new SupplierError("NOT_PERMITTED", `Transfer ${reference} is ${current.state} and can no longer be cancelled.`);
    const stored = (await this.store.load(this.partnerId, reference))!;
    const cancelled: SandboxRemittance = { ...stored.booking, state: "cancelled" };
    await this.store.update(this.partnerId, cancelled, stored.version);
    return view(cancelled);
  }
}

const view = (remittance: SandboxRemittance): PartnerTransfer => ({ reference: remittance.reference, clientReference: remittance.clientReference, state: remittance.state, reason: remittance.reason });
