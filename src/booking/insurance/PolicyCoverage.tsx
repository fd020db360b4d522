import { FilePdfOutlined } from "@ant-design/icons";
import { Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { CoverageLine, SupplierInsuranceQuote } from "../../contract/insurance";
import { MoneyText } from "../ui/MoneyText";

/** The documents a plan's insurer publishes (its product disclosure statement), to read before confirming; nothing when it publishes none. */
export function PolicyDocuments({ quote }: { quote: Pick<SupplierInsuranceQuote, "documents"> }) {
  const { t } = useTranslation();
  if (quote.documents.length === 0) return null;
  return (
    <div data-testid="insurance-documents" style={{ margin: "8px 0 12px" }}>
      <Typography.Text strong>{t("booking.insurance.coverage.documents")}</Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {quote.documents.map((document) => (
          <li key={document.url}>
            <Typography.Link href={document.url} target="_blank" rel="noopener noreferrer">
              <FilePdfOutlined /> <bdi>{document.title}</bdi>
            </Typography.Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A plan's coverage table (what it pays up to, and the excess) and what it excludes. */
export function PolicyCoverage({ quote }: { quote: Pick<SupplierInsuranceQuote, "coverage" | "exclusions"> }) {
  const { t } = useTranslation();
  return (
    <>
      <Table<CoverageLine>
        size="small"
        pagination={false}
        rowKey="kind"
        dataSource={quote.coverage}
        data-testid="insurance-coverage"
        columns={[
          { title: t("booking.insurance.coverage.cover"), render: (_, line) => t(`booking.insurance.coverage.kinds.${line.kind}`) },
          {
            title: t("booking.insurance.coverage.limit"),
            align: "end",
            render: (_, line) => (line.limit ? <MoneyText money={line.limit} /> : <Typography.Text type="secondary">{t("booking.insurance.coverage.notCovered")}</Typography.Text>),
          },
          { title: t("booking.insurance.coverage.excess"), align: "end", render: (_, line) => (line.excess ? <MoneyText money={line.excess} /> : "") },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 12 }}>{t("booking.insurance.coverage.exclusions")}</Typography.Title>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {quote.exclusions.map((exclusion) => <li key={exclusion}><Typography.Text type="secondary">{exclusion}</Typography.Text></li>)}
      </ul>
    </>
  );
}
