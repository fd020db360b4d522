import { z } from "zod";

/** IATA refund-ticket information codes (RFIC): what an EMD or a refunded document paid for. */
export const RFIC_CODES = [
  { code: "A", description: "Air transportation" },
  { code: "B", description: "Surface transportation / non-air services" },
  { code: "C", description: "Baggage" },
  { code: "D", description: "Financial impact" },
  { code: "E", description: "Airport services" },
  { code: "F", description: "Merchandise" },
  { code: "G", description: "In-flight services" },
  { code: "I", description: "Individual airline use" },
] as const;

export const rficSchema = z.enum(RFIC_CODES.map((rfic) => rfic.code) as [(typeof RFIC_CODES)[number]["code"], ...(typeof RFIC_CODES)[number]["code"][]], "Choose a refund reason code (RFIC) of the list");
export type Rfic = z.infer<typeof rficSchema>;

/** A ticket's refund is air transportation unless the agent says otherwise. */
export const DEFAULT_REFUND_RFIC: Rfic = "A";
