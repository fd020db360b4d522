import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { VISA_STATES, visaMoveRefusal, type VisaApplicationView, type VisaState } from "../../contract/visas";
import "../i18n/bookingStrings";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { DocumentUpload } from "./DocumentUpload";
import { VisaStateTag } from "./VisaPanel";
import { EmptyState } from "../../layout/EmptyState";
import { travellerName } from "../ui/travellerName";
import { DayRange } from "../ui/DayRange";

const DESK_MOVES: readonly { to: VisaState; labelKey: string; needsNote?: boolean; needsVisa?: boolean; danger?: boolean }[] = [
  { to: "inProcess", labelKey: "booking.visa.desk.takeIn" },
  { to: "moreDocuments", labelKey: "booking.visa.desk.askDocuments", needsNote: true },
  { to: "approved", labelKey: "booking.visa.desk.approve", needsVisa: true },
  { to: "rejected", labelKey: "booking.visa.desk.reject", needsNote: true, danger: true },
];

/** /order-list/visa-desk: the head office's queue of visa applications, each moved on with a note or the approved visa. */
export function VisaDeskPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<VisaState | "">("submitted");
  const [moving, setMoving] = useState<{ application: VisaApplicationView; move: (typeof DESK_MOVES)[number] } | null>(null);
  const applications = useQuery({ queryKey: ["visa", "desk", state], queryFn: () => bookingApi.visaApplications(state === "" ? {} : { state }) });
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={3} style={{ margin: 0 }}>{t("booking.visa.desk.title")}</Typography.Title>
      <Card>
        <Space direction="vertical" style={{ width: "100%" }}>
          <Space>
            <Typography.Text>{t("booking.visa.desk.filter")}</Typography.Text>
            <Select style={{ minWidth: 220 }} value={state} onChange={setState} data-testid="visa-desk-state" aria-label={t("booking.visa.desk.filter")}
              options={[{ value: "", label: t("booking.visa.desk.all") }, ...VISA_STATES.map((value) => ({ value, label: t(`booking.visa.states.${value}`) }))]} />
          </Space>
          {applications.isError && <Alert type="error" showIcon message={applications.error.message} action={<Button onClick={() => void applications.refetch()}>{t("booking.activity.results.retry")}</Button>} />}
          <Table<VisaApplicationView>
            rowKey="id"
            size="small"
            loading={applications.isPending}
            dataSource={applications.data ?? []}
            locale={{ emptyText: <EmptyState text={t("booking.visa.desk.empty")} /> }}
            scroll={{ x: true }}
            data-testid="visa-desk-table"
            columns={[
              { title: "#", dataIndex: "id" },
              { title: t("booking.visa.application.title"), render: (_, row) => row.productName },
              { title: t("booking.visa.desk.agency"), dataIndex: "organisationName" },
              { title: t("booking.visa.desk.applicants"), render: (_, row) => row.applicants.map((applicant) => travellerName(t, applicant)).join(", ") },
              { title: t("booking.visa.desk.travel"), render: (_, row) => <DayRange from={row.travelFrom} to={row.travelTo} /> },
              { title: t("booking.visa.application.state"), render: (_, row) => <VisaStateTag state={row.state} /> },
              {
                title: t("booking.visa.desk.actions"),
                render: (_, row) => (
                  <Space wrap>
                    {DESK_MOVES.filter((move) => visaMoveRefusal(row.state, move.to, "backOffice") === null).map((move) => (
                      <Button key={move.to} size="small" danger={move.danger} onClick={() => setMoving({ application: row, move })} data-testid={`visa-desk-${move.to}-${row.id}`}>{t(move.labelKey)}</Button>
                    ))}
                  </Space>
                ),
              },
            ]}
          />
        </Space>
      </Card>
      {moving && <MoveDialog {...moving} onClose={() => setMoving(null)} />}
    </Space>
  );
}

function MoveDialog({ application, move, onClose }: { application: VisaApplicationView; move: (typeof DESK_MOVES)[number]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const [note, setNote] = useState("");
  const [visaDocument, setVisaDocument] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: () => bookingApi.moveVisa(application.id, { to: move.to, note, ...(visaDocument ? { visaDocument } : {}) }, key),
    onSuccess: () => {
      void message.success(t("booking.visa.application.moved"));
      void queryClient.invalidateQueries({ queryKey: ["visa"] });
      onClose();
    },
  });
  return (
    <Modal open title={`${t(move.labelKey)} · ${application.productName} #${application.id}`} onCancel={onClose} okText={t("booking.visa.desk.confirm")} onOk={() => save.mutate()}
      okButtonProps={{ loading: save.isPending, disabled: (move.needsVisa && !visaDocument) || (move.needsNote && note.trim() === ""), danger: move.danger }} data-testid="visa-desk-dialog">
      <Form layout="vertical">
        <Form.Item label={t("booking.visa.desk.note")} required={move.needsNote}>
          <Input.TextArea rows={3} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} data-testid="visa-desk-note" />
        </Form.Item>
        {move.needsVisa && (
          <Form.Item label={t("booking.visa.desk.visaPdf")} required>
            <DocumentUpload value={visaDocument} onChange={setVisaDocument} testId="visa-desk-visa" />
          </Form.Item>
        )}
      </Form>
      {save.isError && <Alert type="error" showIcon message={save.error.message} />}
    </Modal>
  );
}
