import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, InputNumber, Space, Switch, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { supplierSettingsSchema, type SupplierCircuit, type SupplierSettings } from "../../contract/flights";
import { apiClient } from "../../providers/apiClient";

type Change = Partial<Pick<SupplierSettings, "active" | "latencyMs" | "errorRate" | "timeout">>;

const CIRCUIT_COLOURS: Record<SupplierCircuit, string> = { closed: "green", open: "red", halfOpen: "orange" };
/** Circuits move on their own: the page looks again this often. */
const REFRESH_MS = 10_000;

/**
 * Setup & configuration → Supplier status (head office administrators): every configured supplier
 * of every product, switched on or off for the whole platform, its circuit breaker as this server
 * sees it, and for sandboxes the fault switches that make it slow, failing or silent.
 */
export function SupplierStatusPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const suppliers = useQuery({
    queryKey: ["supplier-status"],
    queryFn: async () => z.array(supplierSettingsSchema).parse((await apiClient.get<{ data: unknown }>("/api/admin/supplier-settings")).data.data),
    refetchInterval: REFRESH_MS,
  });
  const change = useMutation({
    mutationFn: async ({ supplierId, ...values }: Change & { supplierId: string }) => (await apiClient.put(`/api/admin/supplier-settings/${encodeURIComponent(supplierId)}`, values)).data,
    onSuccess: () => void message.success(t("supplierStatus.saved")),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["supplier-status"] }),
  });
  const save = (supplier: SupplierSettings, values: Change) => change.mutate({ supplierId: supplier.supplierId, ...values });

  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("menu.pages.supplierStatus")}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t("supplierStatus.hint")}</Typography.Paragraph>
      {suppliers.isError && <Alert type="error" showIcon role="alert" message={suppliers.error.message} />}
      <Table<SupplierSettings>
        rowKey="supplierId"
        size="small"
        scroll={{ x: true }}
        loading={suppliers.isPending}
        dataSource={suppliers.data ?? []}
        pagination={false}
        data-testid="supplier-status"
        onRow={(supplier) => ({ "data-testid": `supplier-${supplier.supplierId}` }) as React.HTMLAttributes<HTMLTableRowElement>}
        columns={[
          {
            key: "name",
            title: t("supplierStatus.supplier"),
            render: (_, supplier) => (
              <Space size="small" wrap>
                <span>{supplier.supplierName}</span>
                {supplier.isSandbox && <Tag>{t("supplierStatus.sandbox")}</Tag>}
              </Space>
            ),
          },
          {
            key: "active",
            title: t("supplierStatus.active"),
            render: (_, supplier) => (
              <Switch checked={supplier.active} aria-label={t("supplierStatus.activeOf", { supplier: supplier.supplierName })} onChange={(active) => save(supplier, { active })} />
            ),
          },
          {
            key: "circuit",
            title: t("supplierStatus.circuit"),
            render: (_, supplier) => (
              <Tag color={CIRCUIT_COLOURS[supplier.circuit]} data-testid={`circuit-${supplier.supplierId}`}>
                {t(`supplierStatus.circuits.${supplier.circuit}`)}
              </Tag>
            ),
          },
          {
            key: "latency",
            title: t("supplierStatus.latency"),
            render: (_, supplier) =>
              supplier.isSandbox ? (
                <InputNumber<number>
                  min={0}
                  max={60_000}
                  step={100}
                  value={supplier.latencyMs}
                  aria-label={t("supplierStatus.latencyOf", { supplier: supplier.supplierName })}
                  onBlur={(event) => {
                    const latencyMs = Number(event.target.value.replace(/[^\d]/g, ""));
                    if (Number.isInteger(latencyMs) && latencyMs !== supplier.latencyMs) save(supplier, { latencyMs });
                  }}
                />
              ) : null,
          },
          {
            key: "errorRate",
            title: t("supplierStatus.errorRate"),
            render: (_, supplier) =>
              supplier.isSandbox ? (
                <InputNumber<number>
                  min={0}
                  max={100}
                  step={10}
                  suffix="%"
                  value={Math.round(supplier.errorRate * 100)}
                  aria-label={t("supplierStatus.errorRateOf", { supplier: supplier.supplierName })}
                  data-testid={`error-rate-${supplier.supplierId}`}
                  onChange={(percent) => percent !== null && percent !== Math.round(supplier.errorRate * 100) && save(supplier, { errorRate: percent / 100 })}
                />
              ) : null,
          },
          {
            key: "timeout",
            title: t("supplierStatus.timeout"),
            render: (_, supplier) =>
              supplier.isSandbox ? (
                <Switch checked={supplier.timeout} aria-label={t("supplierStatus.timeoutOf", { supplier: supplier.supplierName })} onChange={(timeout) => save(supplier, { timeout })} />
              ) : null,
          },
        ]}
      />
    </Space>
  );
}
