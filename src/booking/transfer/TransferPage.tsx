import { DownloadOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Modal, Result, Row, Space, Spin, Timeline, Typography } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { BackArrow } from "../ui/BackArrow";
import { Link, useParams } from "react-router";
import { cancellableTransfer, type Transfer } from "../../contract/moneyTransfer";
import { i18n } from "../../i18n/i18n";
import "../i18n/bookingStrings";
import { bookingApi } from "../api/bookingApi";
import { QuoteFigures } from "./SendMoneyWizard";
import { TransferStateTag } from "./TransferStateTag";
import { downloadTransferReceipt } from "./transferReceipt";
import { moneyTransferTab } from "./transferPaths";

const FOLLOW_EVERY_MS = 5_000;

/** /dmt/transfers/:transferId: one transfer, followed while the partner has it; its receipt, its history, and cancel before payout. */
export function TransferPage() {
  const { t } = useTranslation();
  const transferId = Number(useParams().transferId);
  const transfer = useQuery({
    queryKey: ["dmt", "transfer", transferId],
    queryFn: () => bookingApi.transfer(transferId),
    refetchInterval: (query) => (query.state.data && cancellableTransfer(query.state.data.state) ? FOLLOW_EVERY_MS : false),
  });
  if (transfer.isPending) return <Spin />;
  if (transfer.isError) return <Result status="warning" title={transfer.error.message} extra={<Link to={moneyTransferTab("transfers")}>{t("booking.transfer.transfer.back")}</Link>} />;
  return <TransferDetails transfer={transfer.data} />;
}

function TransferDetails({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [cancelling, setCancelling] = useState(false);
  const receipt = useMutation({ mutationFn: () => downloadTransferReceipt(transfer, i18n.getFixedT("en"), i18n.getFixedT("ar")), onError: (error) => void message.error(error.message) });
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Link to={moneyTransferTab("transfers")}><BackArrow /> {t("booking.transfer.transfer.back")}</Link>
      <Space wrap align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>{t("booking.transfer.transfer.title", { reference: transfer.reference })}</Typography.Title>
        <TransferStateTag state={transfer.state} />
      </Space>
      {cancellableTransfer(transfer.state) && <Alert type="info" showIcon message={t("booking.transfer.transfer.waiting")} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card>
            <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t("booking.transfer.transfers.remitter")}><span>{transfer.remitter.name} · {t(`booking.transfer.idTypes.${transfer.remitter.idType}`)} <bdi>{transfer.remitter.idNumber}</bdi></span></Descriptions.Item>
              <Descriptions.Item label={t("booking.transfer.transfers.beneficiary")}>{transfer.beneficiary.name} · {transfer.beneficiary.country}</Descriptions.Item>
              <Descriptions.Item label={t("booking.transfer.review.payout")}><span>{t(`booking.transfer.payoutMethods.${transfer.beneficiary.payoutMethod}`)} <bdi>{transfer.beneficiary.payoutTo}</bdi></span></Descriptions.Item>
              <Descriptions.Item label={t("booking.transfer.quote.brand")}>{transfer.brandName}</Descriptions.Item>
              <Descriptions.Item label={t("booking.transfer.transfer.partnerReference")}><bdi>{transfer.partnerReference ?? "-"}</bdi></Descriptions.Item>
              <Descriptions.Item label={t("booking.transfer.transfer.purpose")}>{transfer.purpose}</Descriptions.Item>
              <Descriptions.Item label={t("booking.transfer.transfers.agency")}>{transfer.organisationName}</Descriptions.Item>
            </Descriptions>
            <QuoteFigures quote={transfer} />
            <Space wrap style={{ marginTop: 16 }}>
              <Button icon={<DownloadOutlined />} loading={receipt.isPending} onClick={() => receipt.mutate()} data-testid="transfer-receipt">{t("booking.transfer.transfer.receipt")}</Button>
              {cancellableTransfer(transfer.state) && <Button danger onClick={() => setCancelling(true)} data-testid="transfer-cancel">{t("booking.transfer.transfer.cancel")}</Button>}
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t("booking.transfer.transfer.history")}>
            <Timeline
              data-testid="transfer-history"
              items={transfer.events.map((event) => ({
                children: (
                  <Space direction="vertical" size={0}>
                    <Typography.Text strong>{t(`booking.transfer.states.${event.toState}`)}</Typography.Text>
                    <Typography.Text type="secondary"><bdi>{dayjs(event.at).format("YYYY-MM-DD HH:mm:ss")}</bdi>{event.userName ? ` · ${event.userName}` : ""}</Typography.Text>
                    <Typography.Text>{t(`booking.transfer.events.${event.toState}`)}</Typography.Text>
                    {event.note && <Typography.Text italic>{event.note}</Typography.Text>}
                  </Space>
                ),
              }))}
            />
          </Card>
        </Col>
      </Row>
      {cancelling && <CancelDialog transfer={transfer} onClose={() => setCancelling(false)} />}
    </Space>
  );
}

function CancelDialog({ transfer, onClose }: { transfer: Transfer; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState("");
  const cancel = useMutation({
    mutationFn: () => bookingApi.cancelTransfer(transfer.id, reason),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(["dmt", "transfer", transfer.id], cancelled);
      void queryClient.invalidateQueries({ queryKey: ["dmt", "transfers"] });
      void message.success(t("booking.transfer.transfer.cancelled"));
      onClose();
    },
  });
  return (
    <Modal open title={t("booking.transfer.transfer.cancelTitle", { reference: transfer.reference })} onCancel={onClose} cancelText={t("booking.transfer.transfer.keep")} okText={t("booking.transfer.transfer.cancel")}
      okButtonProps={{ danger: true, loading: cancel.isPending }} onOk={() => cancel.mutate()}>
      <Typography.Paragraph>{t("booking.transfer.transfer.cancelHelp")}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t("booking.transfer.transfer.reason")}>
          <Input.TextArea rows={2} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} />
        </Form.Item>
      </Form>
      {cancel.isError && <Alert type="error" showIcon message={cancel.error.message} />}
    </Modal>
  );
}
