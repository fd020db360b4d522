import { ledgerReasonLabel } from "../../lib/ledgerReasonLabel";
import { useGetIdentity } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Drawer, Form, Input, InputNumber, Popconfirm, Radio, Segmented, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConsoleTabs } from "../../layout/ConsoleTabs";
import { useSearchParams } from "react-router";
import "../../booking/i18n/bookingStrings";
import { newIdempotencyKey } from "../../booking/api/bookingApi";
import { DocumentLink } from "../../booking/ui/DocumentLink";
import { DocumentUpload } from "../../booking/visa/DocumentUpload";
import { MoneyText } from "../../booking/ui/MoneyText";
import type { TopUpRequest, TopUpStatus } from "../../contract/accounts";
import { parseMajorToMinor } from "../../contract/money";
import { currencyDecimals } from "../../lib/currencyDecimals";
import { formatMinor } from "../../lib/money";
import { apiClient } from "../../providers/apiClient";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { dateTime } from "../reports/reportColumns";
import { Reports } from "../reports/ReportsPage";
import { accountsApi } from "./accountsApi";
import { CashAndCheques } from "./CashAndCheques";
import { OrganisationTreeSelect } from "../../layout/OrganisationTreeSelect";
import { ReasonDialog } from "../../layout/ReasonDialog";
import { serverPagination } from "../../layout/serverPagination";

const STATUS_COLOURS: Record<TopUpStatus, string> = { pending: "gold", approved: "green", rejected: "red" };
const TABS = ["top-ups", "transfers", "receipts", "statement"] as const;
type AccountsTab = (typeof TABS)[number];

/** An amount typed in major units, checked exactly against the currency's decimals. */
const amountRule = (currency: string, message: string) => ({
  validator: async (_: unknown, value?: string) => {
    if (value === undefined || value === "") throw new Error(message);
    const minor = parseMajorToMinor(String(value), currency);
    if (minor <= 0) throw new Error(message);
  },
});

function useCanEditAccounts(): boolean {
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  return identity?.user.permissions.some((permission) => permission.menu === "accounts" && permission.edit) ?? false;
}

function TopUpForm({ open, onClose, currency, owed }: { open: boolean; onClose: () => void; currency: string; owed: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ amount: string; paymentReference: string; note?: string; receipt: string }>();
  const [key, setKey] = useState(newIdempotencyKey);
  const send = useMutation({
    mutationFn: (values: { amount: string; paymentReference: string; note?: string; receipt: string }) =>
      accountsApi.requestTopUp({ ...values, note: values.note ?? "", amount: parseMajorToMinor(values.amount, currency), currency }, key),
    onSuccess: () => {
      void message.success(t("accounts.topUps.requested"));
      void queryClient.invalidateQueries({ queryKey: ["top-ups"] });
      form.resetFields();
      setKey(newIdempotencyKey());
      onClose();
    },
  });
  return (
    <Drawer open={open} onClose={onClose} title={t("accounts.topUps.new")} width={440} destroyOnHidden data-testid="top-up-drawer">
      <Typography.Paragraph type="secondary">{t("accounts.topUps.owed", { amount: formatMinor(owed, currency, currencyDecimals(currency), i18n.language) })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => send.mutate(values)} requiredMark>
        <Form.Item name="amount" label={t("accounts.topUps.amount", { currency })} rules={[{ required: true, message: t("accounts.required") }, amountRule(currency, t("accounts.positiveAmount"))]}>
          <InputNumber<string> stringMode min="0" addonBefore={currency} style={{ width: "100%" }} data-testid="top-up-amount" />
        </Form.Item>
        <Form.Item name="paymentReference" label={t("accounts.topUps.reference")} extra={t("accounts.topUps.referenceHelp")} rules={[{ required: true, min: 3, message: t("accounts.atLeast3") }]}>
          <Input maxLength={100} data-testid="top-up-reference" />
        </Form.Item>
        <Form.Item name="receipt" label={t("accounts.topUps.receipt")} rules={[{ required: true, message: t("accounts.topUps.receiptRequired") }]}>
          <DocumentUpload testId="top-up-receipt" />
        </Form.Item>
        <Form.Item name="note" label={t("accounts.topUps.note")}>
          <Input.TextArea maxLength={500} rows={3} data-testid="top-up-note" />
        </Form.Item>
        {send.isError && <Alert type="error" showIcon role="alert" message={send.error.message} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="top-up-send">{t("accounts.topUps.send")}</Button>
      </Form>
    </Drawer>
  );
}

function TopUpRequests({ currency, owed, hasParent }: { currency: string; owed: number; hasParent: boolean }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = useCanEditAccounts();
  const [scope, setScope] = useState<"mine" | "below">(hasParent ? "mine" : "below");
  const [status, setStatus] = useState<TopUpStatus | undefined>(undefined);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [formOpen, setFormOpen] = useState(false);
  const [rejecting, setRejecting] = useState<TopUpRequest | null>(null);
  const requests = useQuery({ queryKey: ["top-ups", scope, status, page], queryFn: () => accountsApi.topUps({ scope, status, ...page }), placeholderData: (previous) => previous });
  const approve = useMutation({
    mutationFn: (request: TopUpRequest) => accountsApi.approve(request.id, newIdempotencyKey()),
    onSuccess: () => {
      void message.success(t("accounts.topUps.approved"));
      void queryClient.invalidateQueries({ queryKey: ["top-ups"] });
    },
    onError: (error) => void message.error(error.message),
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
        <Space wrap>
          {hasParent && (
            <Segmented
              aria-label={t("accounts.topUps.scope")}
              value={scope}
              onChange={(value) => (setScope(value as "mine" | "below"), setPage({ ...page, page: 1 }))}
              options={[{ value: "mine", label: t("accounts.topUps.mine") }, { value: "below", label: t("accounts.topUps.below") }]}
              data-testid="top-up-scope"
            />
          )}
          <Radio.Group
            aria-label={t("accounts.topUps.status")}
            value={status ?? "all"}
            onChange={(event) => (setStatus(event.target.value === "all" ? undefined : (event.target.value as TopUpStatus)), setPage({ ...page, page: 1 }))}
            optionType="button"
            options={[{ value: "all", label: t("accounts.topUps.all") }, ...(["pending", "approved", "rejected"] as const).map((value) => ({ value, label: t(`accounts.topUps.statuses.${value}`) }))]}
          />
        </Space>
        {hasParent && <Button type="primary" onClick={() => setFormOpen(true)} data-testid="top-up-new">{t("accounts.topUps.new")}</Button>}
      </Space>
      {requests.isError && <Alert type="error" showIcon role="alert" message={requests.error.message} />}
      <Table<TopUpRequest>
        data-testid="top-up-table"
        size="small"
        rowKey="id"
        loading={requests.isFetching}
        scroll={{ x: true }}
        dataSource={requests.data?.rows ?? []}
        locale={{ emptyText: t("accounts.topUps.none") }}
        pagination={serverPagination(t, { ...page, total: requests.data?.total ?? 0, onChange: (next, pageSize) => setPage({ page: next, pageSize }) })}
        columns={[
          { key: "createdAt", title: t("accounts.topUps.requestedAt"), render: (_, row) => dateTime(row.createdAt) },
          { key: "organisation", title: t("accounts.topUps.organisation"), dataIndex: "organisationName" },
          { key: "amount", title: t("accounts.topUps.amountColumn"), align: "end", render: (_, row) => <MoneyText money={row.amount} /> },
          { key: "reference", title: t("accounts.topUps.reference"), render: (_, row) => <bdi style={{ whiteSpace: "nowrap" }}>{row.paymentReference}</bdi> },
          { key: "receipt", title: t("accounts.topUps.receipt"), render: (_, row) => <DocumentLink url={row.receiptUrl} testId={`top-up-receipt-${row.id}`}>{t("accounts.topUps.openReceipt")}</DocumentLink> },
          { key: "status", title: t("accounts.topUps.status"), render: (_, row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`accounts.topUps.statuses.${row.status}`)}</Tag> },
          { key: "requestedBy", title: t("accounts.topUps.requestedBy"), dataIndex: "requestedBy" },
          {
            key: "decision",
            title: t("accounts.topUps.decision"),
            render: (_, row) =>
              row.decidedBy ? (
                <Space direction="vertical" size={0}>
                  <span>{t("accounts.topUps.decidedBy", { user: row.decidedBy, at: dateTime(row.decidedAt!) })}</span>
                  {row.decisionReason && <Typography.Text type="secondary">{row.decisionReason}</Typography.Text>}
                </Space>
              ) : row.canDecide && canEdit ? (
                <Space>
                  <Popconfirm
                    title={t("accounts.topUps.approveTitle", { amount: formatMinor(row.amount.amount, row.amount.currency, currencyDecimals(row.amount.currency), i18n.language), organisation: row.organisationName })}
                    okText={t("accounts.topUps.approve")}
                    onConfirm={() => approve.mutate(row)}
                  >
                    <Button size="small" type="primary" loading={approve.isPending && approve.variables?.id === row.id} data-testid={`top-up-approve-${row.id}`}>{t("accounts.topUps.approve")}</Button>
                  </Popconfirm>
                  <Button size="small" danger onClick={() => setRejecting(row)} data-testid={`top-up-reject-${row.id}`}>{t("accounts.topUps.reject")}</Button>
                </Space>
              ) : (
                "—"
              ),
          },
        ]}
      />
      <TopUpForm open={formOpen} onClose={() => setFormOpen(false)} currency={currency} owed={owed} />
      <ReasonDialog
        open={rejecting !== null}
        title={t("accounts.topUps.rejectTitle", { reference: rejecting?.paymentReference ?? "" })}
        help={t("accounts.topUps.rejectHelp")}
        okText={t("accounts.topUps.reject")}
        reasonLabel={t("accounts.topUps.reason")}
        testId="top-up-reject"
        onSubmit={async (reason) => {
          await accountsApi.reject(rejecting!.id, reason);
          void queryClient.invalidateQueries({ queryKey: ["top-ups"] });
        }}
        onClose={() => setRejecting(null)}
      />
    </Space>
  );
}

/** Credit moved with an organisation below: a top-up from its parent or a charge back to it, and its transactions. */
function CreditTransfers({ organisationId, currency }: { organisationId: number; currency: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = useCanEditAccounts();
  const [chosen, setChosen] = useState<number | undefined>();
  const [form] = Form.useForm<{ kind: "credit" | "debit"; amount: string; reason: string }>();
  const [key, setKey] = useState(newIdempotencyKey);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const transactions = useQuery({ queryKey: ["transactions", chosen, page], queryFn: () => accountsApi.transactions(chosen!, page), enabled: chosen !== undefined });
  const move = useMutation({
    mutationFn: (values: { kind: "credit" | "debit"; amount: string; reason: string }) =>
      accountsApi.moveCredit({ organisationId: chosen!, kind: values.kind, amount: parseMajorToMinor(values.amount, currency), currency, reason: values.reason }, key),
    onSuccess: () => {
      void message.success(t("accounts.transfers.done"));
      form.resetFields();
      setKey(newIdempotencyKey());
      void transactions.refetch();
    },
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <OrganisationTreeSelect
        rootId={organisationId}
        below
        data-testid="transfer-organisation"
        aria-label={t("accounts.transfers.organisation")}
        style={{ minWidth: 280 }}
        placeholder={t("accounts.transfers.choose")}
        value={chosen}
        onChange={(value?: number) => {
          setChosen(value);
          setPage((current) => ({ ...current, page: 1 }));
        }}
        notFoundContent={t("accounts.transfers.noneBelow")}
      />
      {chosen !== undefined && canEdit && (
        <Card size="small" title={t("accounts.transfers.title")}>
          <Form form={form} layout="inline" initialValues={{ kind: "credit" }} onFinish={(values) => move.mutate(values)} style={{ rowGap: 12 }}>
            <Form.Item name="kind">
              <Radio.Group optionType="button" options={[{ value: "credit", label: t("accounts.transfers.credit") }, { value: "debit", label: t("accounts.transfers.debit") }]} />
            </Form.Item>
            <Form.Item name="amount" label={t("accounts.topUps.amount", { currency })} rules={[{ required: true, message: t("accounts.required") }, amountRule(currency, t("accounts.positiveAmount"))]}>
              <InputNumber<string> stringMode min="0" addonBefore={currency} data-testid="transfer-amount" />
            </Form.Item>
            <Form.Item name="reason" label={t("accounts.transfers.reason")} rules={[{ required: true, min: 3, message: t("accounts.atLeast3") }]}>
              <Input maxLength={200} style={{ minWidth: 220 }} data-testid="transfer-reason" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={move.isPending} data-testid="transfer-send">{t("accounts.transfers.send")}</Button>
          </Form>
          {move.isError && <Alert type="error" showIcon role="alert" message={move.error.message} style={{ marginTop: 12 }} />}
        </Card>
      )}
      {chosen !== undefined && (
        <Table
          data-testid="transfer-transactions"
          size="small"
          rowKey="id"
          loading={transactions.isFetching}
          scroll={{ x: true }}
          dataSource={transactions.data?.rows ?? []}
          pagination={{ current: page.page, pageSize: page.pageSize, total: transactions.data?.total ?? 0, onChange: (current, pageSize) => setPage({ page: current, pageSize }) }}
          locale={{ emptyText: t("accounts.transfers.noTransactions") }}
          columns={[
            { key: "at", title: t("reports.columns.at"), render: (_, entry) => dateTime(entry.createdAt) },
            { key: "reason", title: t("reports.columns.reason"), render: (_, entry) => ledgerReasonLabel(t, entry) },
            { key: "debit", title: t("reports.columns.debit"), align: "end", render: (_, entry) => (entry.kind === "debit" ? <MoneyText money={{ amount: entry.amount, currency: entry.currency }} /> : "") },
            { key: "credit", title: t("reports.columns.credit"), align: "end", render: (_, entry) => (entry.kind === "credit" ? <MoneyText money={{ amount: entry.amount, currency: entry.currency }} /> : "") },
            { key: "balance", title: t("reports.columns.balance"), align: "end", render: (_, entry) => <MoneyText money={{ amount: entry.creditUsedAfter, currency: entry.currency }} /> },
          ]}
        />
      )}
    </Space>
  );
}

/**
 * The `accounts` section: top-up requests (asked of the organisation above, decided for those
 * below), credit moved with an organisation below and its transactions, the cash and cheques of
 * the organisations below, and the account statement.
 */
export function AccountsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const credit = useQuery({
    queryKey: ["credit-status"],
    queryFn: async () => (await apiClient.get<{ data: { creditUsed: { amount: number; currency: string } } }>("/api/check_credit_unlimited")).data.data,
  });
  const canEdit = useCanEditAccounts();
  const tab: AccountsTab = (TABS as readonly string[]).includes(search.get("tab") ?? "") ? (search.get("tab") as AccountsTab) : "top-ups";
  if (!identity) return null;
  const currency = identity.organisation.currency.code;
  const hasParent = identity.organisation.parent_id !== null;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("accounts.title")}</Typography.Title>
      <ConsoleTabs
        label={t("sections.accounts")}
        data-testid="accounts-tabs"
        activeKey={tab}
        onChange={(next) => setSearch(new URLSearchParams({ tab: next }))}
        items={[
          { key: "top-ups", label: t("accounts.tabs.topUps"), children: <TopUpRequests currency={currency} owed={credit.data?.creditUsed.amount ?? 0} hasParent={hasParent} /> },
          { key: "transfers", label: t("accounts.tabs.transfers"), children: <CreditTransfers organisationId={identity.user.organisation_id} currency={currency} /> },
          { key: "receipts", label: t("accounts.tabs.receipts"), children: <CashAndCheques canEdit={canEdit} /> },
          { key: "statement", label: t("accounts.tabs.statement"), children: <Reports kinds={["statement"]} /> },
        ]}
      />
    </Space>
  );
}
