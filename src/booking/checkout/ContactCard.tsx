import { Card, Col, Form, Input, Row } from "antd";
import { useTranslation } from "react-i18next";

const PHONE_PATTERN = /^\+?[0-9 ]{6,20}$/;

/** The booker's email and phone, as the fields `email` and `phone` of the surrounding form. */
export function ContactCard({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title ?? t("booking.checkout.contactCard.contact")} style={{ marginBottom: 12 }}>
      <Row gutter={8}>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t("booking.checkout.contactCard.email")} rules={[{ required: true, message: t("booking.checkout.contactCard.emailRequired") }, { type: "email", message: t("booking.checkout.contactCard.emailInvalid") }]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t("booking.checkout.contactCard.phone")} rules={[{ required: true, message: t("booking.checkout.contactCard.phoneRequired") }, { pattern: PHONE_PATTERN, message: t("booking.checkout.contactCard.phoneInvalid") }]}>
            <Input type="tel" autoComplete="tel" dir="ltr" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
