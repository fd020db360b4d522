import type { ConnectorCredential } from "./sandboxConnector";

/** A supplier of the caller's subtree as an import sees it, its key already opened. */
export interface ImportTarget {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly endpointUrl: string | null;
  readonly username: string | null;
  readonly apiKey: string | undefined;
}

export type KeyChange = "added" | "replaced" | "unchanged";

export interface ImportChange {
  readonly supplierId: number;
  readonly supplierCode: string;
  readonly supplierName: string;
  readonly endpointUrl: { readonly before: string | null; readonly after: string };
  readonly username: { readonly before: string | null; readonly after: string };
  readonly apiKey: KeyChange;
}

export interface ImportPlan {
  readonly changes: readonly ImportChange[];
  /** Connections the account holds for which the caller has no supplier: nothing is written for them. */
  readonly skipped: readonly string[];
}

/**
 * What importing a connector account would write: for each connection, the supplier of that code
 * the caller may edit, and what each credential field holds now and after. The key is compared,
 * never shown. The same plan is answered as the preview and applied by the import.
 */
export function importPlan(credentials: readonly ConnectorCredential[], targets: readonly ImportTarget[]): ImportPlan {
  const byCode = new Map(targets.map((target) => [target.code, target]));
  const changes: ImportChange[] = [];
  const skipped: string[] = [];
  for (const credential of credentials) {
    const target = byCode.get(credential.supplierCode);
    if (!target) {
      skipped.push(credential.supplierCode);
      continue;
    }
    changes.push({
      supplierId: target.id,
      supplierCode: target.code,
      supplierName: target.name,
      endpointUrl: { before: target.endpointUrl, after: credential.endpointUrl },
      username: { before: target.username, after: credential.username },
      apiKey: target.apiKey === undefined ? "added" : target.apiKey === credential.apiKey ? "unchanged" : "replaced",
    });
  }
  return { changes, skipped };
}
