import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, DatePicker, Input, Select, Space, Tag, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConsoleTabs } from "../../layout/ConsoleTabs";
import { ResponsiveTable } from "../../layout/ResponsiveTable";
import { Link, useSearchParams } from "react-router";
import { TRANSFER_STATES, type Remitter, type Transfer, type TransferState } from "../../contract/moneyTransfer";
import "../i18n/bookingStrings";
import { bookingApi } from "../api/bookingApi";
import { MoneyText } from "../ui/MoneyText";
import { SendMoneyWizard } from "./SendMoneyWizard";
import { payoutDetail } from "./TransferPeople";
import { TransferStateTag } from "./TransferStateTag";
import { transferPath } from "./transferPaths";
import { EmptyState } from "../../layout/EmptyState";

const TABS = ["send", "transfers", "remitters"] as const;
type Tab = (typeof TABS)[number];

/** /dmt: money transfer — send money (the wizard), the transfers with their states, the remitters with their beneficiaries. */
export function MoneyTransferPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((candidate) => candidate === params.get("tab")) ?? "send";
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={3} style={{ margin: 0 }}>{t("booking.transfer.title")}</Typography.Title>
      <ConsoleTabs
        label={t("sections.transfers")}
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        destroyInactiveTabPane
        items={[
          { key: "send", label: t("booking.transfer.tabs.send"), children: <SendMoneyWizard /> },
          { key: "transfers", label: t("booking.transfer.tabs.transfers"), children: <TransfersList /> },
          { key: "remitters", label: t("booking.transfer.tabs.remitters"), children: <RemittersList /> },
        ]}
      />
    </Space>
  );
}

function TransfersList() {
  const { t } = useTranslation();
  const [state, setState] = useState<TransferState | "">("");
  const [dates, setDates] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const query = { ...(state ? { state } : {}), ...(dates?.[0] ? { from: dates[0].format("YYYY-MM-DD") } : {}), ...(dates?.[1] ? { to: dates[1].format("YYYY-MM-DD") } : {}) };
  const transfers = useQuery({ queryKey: ["dmt", "transfers", query], queryFn: () => bookingApi.transfers(query) });
  return (
    <Card>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Space wrap>
          <Select style={{ minWidth: 200 }} value={state} onChange={setState} aria-label={t("booking.transfer.transfers.state")} data-testid="transfers-state"
            options={[{ value: "", label: t("booking.transfer.transfers.all") }, ...TRANSFER_STATES.map((value) => ({ value, label: t(`booking.transfer.states.${value}`) }))]} />
          <DatePicker.RangePicker value={dates} onChange={(range) => setDates(range)} aria-label={t("booking.transfer.transfers.dates")} />
        </Space>
        {transfers.isError && <Alert type="error" showIcon message={transfers.error.message} action={<Button onClick={() => void transfers.refetch()}>{t("booking.activity.results.retry")}</Button>} />}
        <ResponsiveTable<Transfer>
          rowKey="id"
          size="small"
          loading={transfers.isPending}
          dataSource={transfers.data ?? []}
          locale={{ emptyText: <EmptyState text={t("booking.transfer.transfers.empty")} /> }}
          scroll={{ x: "max-content" }}
          data-testid="transfers-table"
          columns={[
            { title: t("booking.transfer.transfers.reference"), render: (_, row) => <Link to={transferPath(row.id)}>{row.reference}</Link> },
            { title: t("booking.transfer.transfers.date"), render: (_, row) => <bdi>{dayjs(row.createdAt).format("YYYY-MM-DD HH:mm")}</bdi> },
            { title: t("booking.transfer.transfers.remitter"), render: (_, row) => row.remitter.name },
            { title: t("booking.transfer.transfers.beneficiary"), render: (_, row) => `${row.beneficiary.name} (${row.beneficiary.country})` },
            { title: t("booking.transfer.quote.total"), align: "end", render: (_, row) => <MoneyText money={row.totalToPay} /> },
            { title: t("booking.transfer.quote.received"), align: "end", render: (_, row) => <MoneyText money={row.receiveAmount} /> },
            { title: t("booking.transfer.transfers.state"), render: (_, row) => <TransferStateTag state={row.state} /> },
            { title: t("booking.transfer.transfers.agency"), render: (_, row) => row.organisationName, responsive: ["lg"] },
          ]}
        />
      </Space>
    </Card>
  );
}

function RemittersList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const remitters = useQuery({ queryKey: ["dmt", "remitters", search], queryFn: () => bookingApi.remitters(search) });
  const today = dayjs().format("YYYY-MM-DD");
  return (
    <Card>
      <Space direction="vertical" style={{ width: "100%" }}>
        <Input.Search allowClear placeholder={t("booking.transfer.remitter.search")} aria-label={t("booking.transfer.remitter.search")} onSearch={setSearch} style={{ maxWidth: 360 }} />
        <ResponsiveTable<Remitter>
          rowKey="id"
          size="small"
          loading={remitters.isPending}
          dataSource={remitters.data ?? []}
          scroll={{ x: "max-content" }}
          data-testid="remitters-table"
          expandable={{ expandedRowRender: (remitter) => <Beneficiaries remitterId={remitter.id} /> }}
          expandLabel={t("booking.transfer.remitter.beneficiaries")}
          columns={[
            { title: t("booking.transfer.transfers.remitter"), render: (_, row) => `${row.firstName} ${row.lastName}` },
            { title: t("booking.transfer.remitter.idNumber"), render: (_, row) => <>{t(`booking.transfer.idTypes.${row.idType}`)} <bdi>{row.idNumber}</bdi></> },
            { title: t("booking.transfer.remitter.idExpiry"), render: (_, row) => (row.idExpiry < today ? <Tag color="red">{t("booking.transfer.remitter.idExpired")} <bdi>{row.idExpiry}</bdi></Tag> : <bdi>{row.idExpiry}</bdi>) },
            { title: t("booking.transfer.remitter.nationality"), dataIndex: "nationality" },
            { title: t("booking.transfer.remitter.phone"), render: (_, row) => <bdi>{row.phone}</bdi> },
            { title: t("booking.transfer.remitter.screening"), render: (_, row) => <Tag color={row.screening === "clear" ? "green" : row.screening === "review" ? "orange" : "red"}>{t(`booking.transfer.screening.${row.screening}`)}</Tag> },
          ]}
        />
      </Space>
    </Card>
  );
}

function Beneficiaries({ remitterId }: { remitterId: number }) {
  const { t } = useTranslation();
  const beneficiaries = useQuery({ queryKey: ["dmt", "beneficiaries", remitterId], queryFn: () => bookingApi.beneficiaries(remitterId) });
  return (
    <Space direction="vertical" size={2}>
      <Typography.Text strong>{t("booking.transfer.remitter.beneficiaries")}</Typography.Text>
      {(beneficiaries.data ?? []).map((beneficiary) => (
        <Typography.Text key={beneficiary.id}>
          {beneficiary.firstName} {beneficiary.lastName} · {beneficiary.country} · {t(`booking.transfer.payoutMethods.${beneficiary.payoutMethod}`)} <bdi>{payoutDetail(beneficiary)}</bdi>
        </Typography.Text>
      ))}
    </Space>
  );
}
