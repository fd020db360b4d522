import { DownloadOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Descriptions, Form, Popconfirm, Space, Tag, Timeline, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { refundedOnCancel, visaMoveRefusal, type VisaApplicationView, type VisaDocumentKind, type VisaState } from "../../contract/visas";
import type { PlatformOrder } from "../../contract/orders";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { DocumentLink } from "../ui/DocumentLink";
import { DocumentUpload } from "./DocumentUpload";
import { travellerName } from "../ui/travellerName";
import { DayRange } from "../ui/DayRange";
import { countryName } from "../../lib/worldNames";

const STATE_COLOURS: Record<VisaState, string> = { draft: "default", submitted: "blue", inProcess: "processing", moreDocuments: "orange", approved: "green", rejected: "red", cancelled: "default" };

export const VisaStateTag = ({ state }: { state: VisaState }) => {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOURS[state]} data-testid="visa-state">{t(`booking.visa.states.${state}`)}</Tag>;
};

/** Saves the approved visa as visa-<application>.pdf. */
async function downloadVisa(id: number): Promise<void> {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(await bookingApi.visaDocument(id));
  link.download = `visa-${id}.pdf`;
  link.click();
  URL.revokeObjectURL(link.href);
}

/** A visa order's application on its booking page: state and history, the applicants and their documents, and what the agency can do now. */
export function VisaPanel({ order }: { order: PlatformOrder }) {
  const query = useQuery({ queryKey: ["visa", "application", order.id, order.updatedAt], queryFn: async () => (await bookingApi.visaApplications({ orderId: order.id }))[0] ?? null });
  if (!query.data) return null;
  return <Application application={query.data} />;
}

function Application({ application }: { application: VisaApplicationView }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const [documents, setDocuments] = useState<Record<number, Partial<Record<VisaDocumentKind, string>>>>({});
  const done = () => {
    void message.success(t("booking.visa.application.moved"));
    void queryClient.invalidateQueries({ queryKey: ["booking", "order"] });
    void queryClient.invalidateQueries({ queryKey: ["visa"] });
  };
  const move = useMutation({
    mutationFn: (to: VisaState) => bookingApi.moveVisa(application.id, { to, note: "", ...(to === "inProcess" ? { documents: Object.fromEntries(Object.entries(documents).map(([index, files]) => [String(index), files])) } : {}) }, `${key}-${to}`),
    onSuccess: done,
  });
  const canCancel = visaMoveRefusal(application.state, "cancelled", "agency") === null;
  const asked = application.state === "moreDocuments";
  return (
    <Card
      size="small"
      data-testid="visa-panel"
      title={<Space wrap><span>{application.productName}</span><VisaStateTag state={application.state} /></Space>}
      extra={
        <Space wrap>
          {application.state === "approved" && <Button size="small" type="primary" icon={<DownloadOutlined />} data-testid="visa-download" onClick={() => void downloadVisa(application.id)}>{t("booking.visa.application.download")}</Button>}
          {canCancel && (
            <Popconfirm title={t("booking.visa.application.cancelConfirm", { refund: refundedOnCancel(application.state) ? t("booking.visa.application.refundAll") : t("booking.visa.application.refundNone") })} onConfirm={() => move.mutate("cancelled")}>
              <Button size="small" danger data-testid="visa-cancel">{t("booking.visa.application.cancel")}</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {move.isError && <Alert type="error" showIcon message={move.error.message} style={{ marginBottom: 8 }} />}
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t("booking.visa.desk.travel")}><DayRange from={application.travelFrom} to={application.travelTo} /></Descriptions.Item>
        <Descriptions.Item label={t("booking.visa.search.destination")}>{countryName(application.country, i18n.language)}</Descriptions.Item>
      </Descriptions>
      {application.applicants.map((applicant, index) => (
        <Card key={index} size="small" type="inner" style={{ marginTop: 8 }} title={`${travellerName(t, applicant)} · ${countryName(applicant.nationality, i18n.language)} · ${applicant.passportNumber}`}>
          <Space wrap>
            {Object.entries(applicant.documents).map(([kind, file]) => (
              <DocumentLink key={kind} url={`/api/uploads/${file}`} testId={`visa-document-${index}-${kind}`}>{t(`booking.visa.documents.${kind}`)}</DocumentLink>
            ))}
          </Space>
          {asked && (
            <Form layout="vertical" style={{ marginTop: 8 }}>
              <Typography.Text strong>{t("booking.visa.application.addDocuments")}</Typography.Text>
              <Space wrap>
                {(Object.keys(applicant.documents) as VisaDocumentKind[]).map((kind) => (
                  <Form.Item key={kind} label={t(`booking.visa.documents.${kind}`)} style={{ marginBottom: 0 }}>
                    <DocumentUpload value={documents[index]?.[kind]} onChange={(name) => setDocuments((current) => ({ ...current, [index]: { ...current[index], [kind]: name } }))} testId={`visa-more-${index}-${kind}`} />
                  </Form.Item>
                ))}
              </Space>
            </Form>
          )}
        </Card>
      ))}
      {asked && <Button type="primary" style={{ marginTop: 8 }} loading={move.isPending} onClick={() => move.mutate("inProcess")} data-testid="visa-resubmit">{t("booking.visa.application.resubmit")}</Button>}
      <Typography.Title level={5} style={{ marginTop: 12 }}>{t("booking.visa.application.history")}</Typography.Title>
      <Timeline
        items={application.events.map((event) => ({
          children: (
            <Space direction="vertical" size={0}>
              <span>{t(`booking.visa.states.${event.toState}`)} · {dayjs(event.at).format("YYYY-MM-DD HH:mm")} · {t("booking.visa.application.by", { user: event.userName })}</span>
              {event.note && <Typography.Text type="secondary">{event.note}</Typography.Text>}
            </Space>
          ),
        }))}
      />
    </Card>
  );
}
