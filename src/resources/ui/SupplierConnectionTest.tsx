import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Form, Space, type FormInstance } from "antd";
import { useTranslation } from "react-i18next";
import { supplierConnectionResultSchema, type SupplierConnectionTest as ConnectionTest } from "../../contract/supplierConnection";
import { apiClient } from "../../providers/apiClient";

/** The form's value, or undefined for an empty one (a secret left empty keeps the stored credential). */
const filled = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/**
 * The supplier wizard's Test connection, under the connection's fields: the provider's cheapest
 * authenticated call with what the form holds now, and its answer or refusal in the provider's
 * words. Secrets left empty on an edited supplier are tried as stored.
 */
export function SupplierConnectionTest({ form, recordId }: { form: FormInstance; recordId?: string }) {
  const { t } = useTranslation();
  const connection = Form.useWatch("connection", form) as string | undefined;
  const test = useMutation({
    mutationFn: async () => {
      const values = form.getFieldsValue(true) as Record<string, unknown>;
      const body: Partial<ConnectionTest> = {
        id: recordId === undefined ? undefined : Number(recordId),
        kind: String(values.kind ?? ""),
        connection: connection as ConnectionTest["connection"],
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
    },
  });
  if (!connection || connection === "none") return null;
  const result = test.data;
  return (
    <Space direction="vertical" style={{ width: "100%", marginBottom: 16 }}>
      <Button onClick={() => test.mutate()} loading={test.isPending} data-testid="supplier-test-connection">
        {t("admin.testConnection")}
      </Button>
      {result && (
        <Alert
          role="status"
          showIcon
          type={result.connected ? "success" : "error"}
          message={t(result.connected ? "admin.connectionAccepted" : "admin.connectionRefused", { ms: result.durationMs })}
          description={<span dir="auto">{result.message}</span>}
          data-testid="supplier-connection-result"
        />
      )}
      {test.isError && <Alert role="alert" showIcon type="error" message={t("admin.connectionIncomplete")} description={test.error.message} data-testid="supplier-connection-result" />}
    </Space>
  );
}
