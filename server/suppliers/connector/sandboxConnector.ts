import { createHash } from "node:crypto";

/** What a third-party connector (TPC) account hands over for one supplier connection. */
export interface ConnectorCredential {
  readonly supplierCode: string;
  readonly endpointUrl: string;
  readonly username: string;
  readonly apiKey: string;
}

const SANDBOX_CONNECTIONS = [
  { supplierCode: "ba-ndc", endpointUrl: "https://sandbox.connector.example/ndc/ba" },
  { supplierCode: "lufthansa-group-ndc", endpointUrl: "https://sandbox.connector.example/ndc/lh" },
  { supplierCode: "travelfusion", endpointUrl: "https://sandbox.connector.example/tf" },
] as const;

/**
 * The sandbox third-party connector: for an account id it returns the connections it holds,
 * with credentials derived from the account (deterministic, so an import can be checked).
 */
export function sandboxConnectorCredentials(accountId: string): ConnectorCredential[] {
  return SANDBOX_CONNECTIONS.map((connection) => ({
    ...connection,
    username: `${accountId}-${connection.supplierCode}`,
    apiKey: createHash("sha256").update(`${accountId}|${connection.supplierCode}`).digest("hex").slice(0, 32),
  }));
}
