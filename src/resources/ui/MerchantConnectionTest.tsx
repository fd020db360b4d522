import { Form, type FormInstance } from "antd";
import { merchantConnectionResultSchema } from "../../contract/hostedPayments";
import { apiClient } from "../../providers/apiClient";
import { ConnectionTest, filled } from "./ConnectionTest";

/** A Checkout.com merchant rule's Test connection: its API address and secret key as the form has them (left empty: the stored key). */
export function MerchantConnectionTest({ form, recordId }: { form: FormInstance; recordId?: string }) {
  const gateway = Form.useWatch("gateway", form) as string | undefined;
  if (gateway !== "checkout-com") return null;
  const run = async () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const body = { id: recordId === undefined ? undefined : Number(recordId), apiUrl: filled(values.apiUrl) ?? "", secretKey: filled(values.secretKey) };
    return merchantConnectionResultSchema.parse((await apiClient.post<{ data: unknown }>("/api/merchant-rules/test-connection", body)).data.data);
  };
  return <ConnectionTest run={run} />;
}
