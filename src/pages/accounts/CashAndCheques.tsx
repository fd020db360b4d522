import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App, Button, DatePicker, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { newIdempotencyKey } from "../../booking/api/bookingApi";
import { MoneyText } from "../../booking/ui/MoneyText";
import type { AwaitingReceipt } from "../../contract/receipts";
import { serverPagination } from "../../layout/serverPagination";
import { dateTime } from "../reports/reportColumns";
import { accountsApi } from "./accountsApi";

interface ReceiptFields {
  receivedOn: Dayjs;
  chequeNumber?: string;
  bankName?: string;
  scanUrl?: string;
}

/** Records the money of one held booking: the whole total, the day it came, a cheque's number and bank. */
function ReceiptDialog({ booking, onClose }: { booking: AwaitingReceipt; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReceiptFields>();
  const [key] = useState(newIdempotencyKey);
  const cheque = booking.method === "cheque";
  const record = useMutation({
    mutationFn: (values: ReceiptFields) =>
      accountsApi.recordReceipt(
        booking.orderId,
        { amount: booking.amount.amount, receivedOn: values.receivedOn.format("YYYY-MM-DD"), scanUrl: values.scanUrl ?? "", ...(cheque ? { chequeNumber: values.chequeNumber, bankName: values.bankName } : {}) },
        key,
      ),
    onSuccess: () => {
      void message.success(t("accounts.receipts.recorded", { reference: booking.reference ?? booking.orderId }));
      void queryClient.invalidateQueries({ queryKey: ["receipts"] });
      onClose();
    },
    onError: (error) => {
      void message.error(error.message);
      void queryClient.invalidateQueries({ queryKey: ["receipts"] });
    },
  });
  return (
    <Modal
      open
      title={t(cheque ? "accounts.receipts.recordCheque" : "accounts.receipts.recordCash", { reference: booking.reference ?? booking.orderId })}
      okText={t("accounts.receipts.recordAndTicket")}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: record.isPending, ...{ "data-testid": "receipt-save" } }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t("accounts.receipts.amountExplained", { organisation: booking.organisationName })} <MoneyText money={booking.amount} />
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ receivedOn: dayjs() }} onFinish={(values) => record.mutate(values)}>
        <Form.Item name="receivedOn" label={t("accounts.receipts.receivedOn")} rules={[{ required: true, message: t("accounts.receipts.receivedOnRequired") }]}>
          <DatePicker format="YYYY-MM-DD" data-testid="receipt-received-on" style={{ width: "100%" }} />
        </Form.Item>
        {cheque && (
          <>
            <Form.Item name="chequeNumber" label={t("accounts.receipts.chequeNumber")} rules={[{ required: true, whitespace: true, message: t("accounts.receipts.chequeNumberRequired") }]}>
              <Input data-testid="receipt-cheque-number" maxLength={30} dir="ltr" />
            </Form.Item>
            <Form.Item name="bankName" label={t("accounts.receipts.bankName")} rules={[{ required: true, whitespace: true, message: t("accounts.receipts.bankNameRequired") }]}>
              <Input data-testid="receipt-bank" maxLength={80} />
            </Form.Item>
          </>
        )}
        <Form.Item name="scanUrl" label={t("accounts.receipts.scanUrl")} rules={[{ type: "url", message: t("accounts.receipts.scanUrlInvalid") }]}>
          <Input data-testid="receipt-scan" dir="ltr" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Cash and cheques (pay option 5): the held flights of the organisations below waiting for their
 * money, each recorded here (which tickets it), and the receipts recorded, a cheque marked bounced.
 */
export function CashAndCheques({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [recording, setRecording] = useState<AwaitingReceipt | null>(null);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const awaiting = useQuery({ queryKey: ["receipts", "awaiting"], queryFn: accountsApi.awaitingReceipts });
  const receipts = useQuery({ queryKey: ["receipts", "recorded", page], queryFn: () => accountsApi.receipts(page) });
  const bounce = useMutation({
    mutationFn: accountsApi.bounce,
    onSuccess: () => {
      void message.success(t("accounts.receipts.bounced"));
      void queryClient.invalidateQueries({ queryKey: ["receipts"] });
    },
    onError: (error) => void message.error(error.message),
  });
  const method = (value: "cash" | "cheque") => t(`accounts.receipts.methods.${value}`);
  const booking = (orderId: number, reference: string | null) => <Link to={`/bookings/${orderId}`}><bdi>{reference ?? orderId}</bdi></Link>;
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <div>
        <Typography.Title level={4}>{t("accounts.receipts.awaitingTitle")}</Typography.Title>
        <Typography.Paragraph type="secondary">{t("accounts.receipts.awaitingExplained")}</Typography.Paragraph>
        <Table<AwaitingReceipt>
          data-testid="receipts-awaiting"
          size="small"
          rowKey="orderId"
          loading={awaiting.isPending}
          scroll={{ x: true }}
          pagination={false}
          dataSource={awaiting.data ?? []}
          locale={{ emptyText: t("accounts.receipts.noneAwaiting") }}
          columns={[
            { key: "reference", title: t("reports.columns.reference"), render: (_, row) => booking(row.orderId, row.reference) },
            { key: "organisation", title: t("accounts.topUps.organisation"), dataIndex: "organisationName" },
            { key: "method", title: t("accounts.receipts.method"), render: (_, row) => method(row.method) },
            { key: "amount", title: t("accounts.topUps.amountColumn"), align: "end", render: (_, row) => <MoneyText money={row.amount} /> },
            { key: "timeLimit", title: t("accounts.receipts.timeLimit"), render: (_, row) => (row.paymentTimeLimit ? dateTime(row.paymentTimeLimit) : "") },
            ...(canEdit
              ? [{ key: "record", title: "", render: (_: unknown, row: AwaitingReceipt) => <Button size="small" type="primary" data-testid={`receipt-record-${row.orderId}`} onClick={() => setRecording(row)}>{t("accounts.receipts.record")}</Button> }]
              : []),
          ]}
        />
      </div>
      <div>
        <Typography.Title level={4}>{t("accounts.receipts.recordedTitle")}</Typography.Title>
        <Table
          data-testid="receipts-recorded"
          size="small"
          rowKey="id"
          loading={receipts.isPending}
          scroll={{ x: true }}
          dataSource={receipts.data?.rows ?? []}
          pagination={serverPagination(t, { ...page, total: receipts.data?.total ?? 0, onChange: (current, pageSize) => setPage({ page: current, pageSize }) })}
          locale={{ emptyText: t("accounts.receipts.noneRecorded") }}
          columns={[
            { key: "receivedOn", title: t("accounts.receipts.receivedOn"), render: (_, row) => <bdi>{row.receivedOn}</bdi> },
            { key: "reference", title: t("reports.columns.reference"), render: (_, row) => booking(row.orderId, row.reference) },
            { key: "organisation", title: t("accounts.topUps.organisation"), dataIndex: "organisationName" },
            { key: "method", title: t("accounts.receipts.method"), render: (_, row) => (row.method === "cheque" ? `${method("cheque")} ${row.chequeNumber} · ${row.bankName}` : method("cash")) },
            { key: "amount", title: t("accounts.topUps.amountColumn"), align: "end", render: (_, row) => <MoneyText money={row.amount} /> },
            { key: "scan", title: t("accounts.receipts.scan"), render: (_, row) => (row.scanUrl ? <a href={row.scanUrl} target="_blank" rel="noreferrer" data-testid={`receipt-scan-${row.id}`}>{t("accounts.receipts.openScan")}</a> : "") },
            { key: "status", title: t("accounts.topUps.status"), render: (_, row) => <Tag color={row.status === "received" ? "green" : "red"}>{t(`accounts.receipts.statuses.${row.status}`)}</Tag> },
            { key: "recordedBy", title: t("accounts.receipts.recordedBy"), dataIndex: "recordedBy" },
            {
              key: "bounce",
              title: "",
              render: (_, row) =>
                canEdit && row.method === "cheque" && row.status === "received" ? (
                  <Popconfirm title={t("accounts.receipts.bounceConfirm", { number: row.chequeNumber })} okText={t("accounts.receipts.bounce")} okButtonProps={{ danger: true }} onConfirm={() => bounce.mutate(row.id)}>
                    <Button size="small" danger data-testid={`receipt-bounce-${row.id}`}>{t("accounts.receipts.bounce")}</Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </div>
      {recording && <ReceiptDialog booking={recording} onClose={() => setRecording(null)} />}
    </Space>
  );
}
