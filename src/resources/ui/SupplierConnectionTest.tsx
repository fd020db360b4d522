import { Form, type FormInstance } from "antd";
import { supplierConnectionResultSchema, type SupplierConnectionTest as ConnectionTestRequest } from "../../contract/supplierConnection";
import { apiClient } from "../../providers/apiClient";
import { ConnectionTest, filled } from "./ConnectionTest";

/**
 * The supplier wizard's Test connection, under the connection's fields. Secrets left empty on an
 * edited supplier are tried as stored.
 */
export function SupplierConnectionTest({ form, recordId }: { form: FormInstance; recordId?: string }) {
  const connection = Form.useWatch("connection", form) as string | undefined;
  if (!connection || connection === "none") return null;
  const run = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const body: Partial<ConnectionTestRequest> = {
      id: recordId === undefined ? undefined : Number(recordId),
      kind: String(values.kind ?? ""),
      connection: connection as ConnectionTestRequest["connection"],
      source: filled(values.source) ?? null,
      endpointUrl: filled(values.endpointUrl) ?? null,
      apiKey: filled(values.apiKey),
      apiSecret: filled(values.apiSecret),
      iataNumber: filled(values.iataNumber) ?? null,
      pseudoCity: filled(values.pseudoCity) ?? null,
      partnerCode: filled(values.partnerCode) ?? null,
      currency: filled(values.currency),
    };
    return supplierConnectionResultSchema.parse((await apiClient.post<{ data: unknown }>("/api/suppliers/test-connection", body)).data.data);
  };
  return <ConnectionTest run={run} />;
}
