import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Space } from "antd";
import { useTranslation } from "react-i18next";

export interface ConnectionTestResult {
  readonly connected: boolean;
  readonly message: string;
  readonly durationMs: number;
}

/**
 * A Test connection button and its answer: the provider's cheapest authenticated call with what the
 * form holds now, accepted or refused in the provider's words, or why it cannot be tried yet.
 */
export function ConnectionTest({ run }: { run: () => Promise<ConnectionTestResult> }) {
  const { t } = useTranslation();
  const test = useMutation({ mutationFn: run });
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

/** The form's value, or undefined for an empty one (a secret left empty keeps the stored credential). */
export const filled = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);
