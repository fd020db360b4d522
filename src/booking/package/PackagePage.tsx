import { FileExcelOutlined, MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { useCountries } from "../ui/useCountries";
import { useCan } from "@refinedev/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Alert, Button, Card, Col, DatePicker, Descriptions, Form, Input, List, Result, Row, Space, Spin, Table, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DayRange } from "../ui/DayRange";
import { BackArrow } from "../ui/BackArrow";
import { FormSelect } from "../../layout/FormSelect";
import { Link, useNavigate, useParams } from "react-router";
import { PACKAGE_DESK, priceRooms, ROOM_SHARINGS, SHARING_SIZE, type PackageOffer, type PackageRoomDraft, type RoomSharing } from "../../contract/packages";
import { titlesForBirth, type Title } from "../../contract/travellerTitle";
import { TITLES } from "../../config/referenceLists";
import { TitleField } from "../ui/travellerName";
import { workbookBytes } from "../../resources/ui/exportRows";
import "../i18n/bookingStrings";
import { bookingApi, newIdempotencyKey } from "../api/bookingApi";
import { ContactCard } from "../checkout/ContactCard";
import { orderAttemptFor, type OrderAttempt } from "../checkout/orderAttempt";
import { PaymentPanel } from "../checkout/PaymentPanel";
import { usePaidCheckout } from "../checkout/usePaidCheckout";
import { MoneyText } from "../ui/MoneyText";
import { DocumentUpload } from "../visa/DocumentUpload";
import { whenValid } from "../checkout/whenValid";
import { download, XLSX_TYPE } from "../../lib/download";

const ISO_DATE = "YYYY-MM-DD";

interface PilgrimValues {
  title?: Title;
  firstName?: string;
  lastName?: string;
  dateOfBirth?: Dayjs;
  nationality?: string;
  passportNumber?: string;
  passportExpiry?: Dayjs;
  photo?: string;
}
interface BookValues {
  rooms: { sharing: RoomSharing; pilgrims: PilgrimValues[] }[];
  email: string;
  phone: string;
}

const emptyRoom = (sharing: RoomSharing = "triple") => ({ sharing, pilgrims: Array.from({ length: SHARING_SIZE[sharing] }, () => ({ nationality: "KW" })) });

/** The form's rooms as the contract's, once every date is filled (the total follows them). */
function toRooms(values: BookValues["rooms"]): PackageRoomDraft[] | null {
  const rooms: PackageRoomDraft[] = [];
  for (const room of values) {
    const pilgrims = [];
    for (const pilgrim of room.pilgrims ?? []) {
      if (!pilgrim?.dateOfBirth || !pilgrim.passportExpiry) return null;
      pilgrims.push({
        ...(pilgrim.title ? { title: pilgrim.title } : {}),
        firstName: pilgrim.firstName ?? "",
        lastName: pilgrim.lastName ?? "",
        dateOfBirth: pilgrim.dateOfBirth.format(ISO_DATE),
        nationality: pilgrim.nationality ?? "",
        passportNumber: (pilgrim.passportNumber ?? "").toUpperCase(),
        passportExpiry: pilgrim.passportExpiry.format(ISO_DATE),
        ...(pilgrim.photo ? { photo: pilgrim.photo } : {}),
      });
    }
    rooms.push({ sharing: room.sharing, pilgrims });
  }
  return rooms;
}

/** Saves the head office's manifest of everyone booked on the package as an Excel workbook. */
async function downloadManifest(offer: PackageOffer): Promise<void> {
  const { pilgrims } = await bookingApi.packageManifest(offer.id);
  const header = ["reference", "agency", "room", "sharing", "firstName", "lastName", "dateOfBirth", "nationality", "passportNumber", "passportExpiry", "priceBand"];
  const bytes = await workbookBytes(offer.code, { header, rows: pilgrims.map((pilgrim) => header.map((column) => String(pilgrim[column] ?? ""))) });
  download(bytes, `manifest-${offer.code}.xlsx`, XLSX_TYPE);
}

/** /search/packages/:id: the itinerary, hotels, what is included and the prices, then the group's rooms, pilgrims and payment. */
export function PackagePage() {
  const { t } = useTranslation();
  const id = Number(useParams().packageId);
  const offer = useQuery({ queryKey: ["package", "offer", id], queryFn: () => bookingApi.packageOffer(id), enabled: Number.isInteger(id) });
  const back = <Link to="/search?product=packages"><Button icon={<BackArrow />}>{t("booking.package.page.back")}</Button></Link>;
  if (offer.isPending) return <Spin />;
  if (offer.isError) return <Result status="404" title={t("booking.package.page.notFound")} extra={back} />;
  return <Package offer={offer.data} back={back} />;
}

function Package({ offer, back }: { offer: PackageOffer; back: React.ReactNode }) {
  const { t } = useTranslation();
  const { data: canManifest } = useCan({ resource: "packages", action: "list" });
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Space style={{ width: "100%", justifyContent: "space-between" }} wrap>
        {back}
        {canManifest?.can && <Button icon={<FileExcelOutlined />} onClick={() => void downloadManifest(offer)} data-testid="package-manifest">{t("booking.package.page.manifest")}</Button>}
      </Space>
      <Card data-testid="package-details">
        <Space direction="vertical" style={{ width: "100%" }}>
          <Typography.Title level={3} style={{ margin: 0 }}>{offer.name}</Typography.Title>
          <Space wrap size={[4, 4]}>
            <Tag color="green">{t(`booking.package.types.${offer.packageType}`)}</Tag>
            <Tag>{offer.season}</Tag>
            <Tag><bdi>{offer.departureCity}</bdi> · <DayRange from={offer.departureDate} to={offer.returnDate} /></Tag>
            <Tag color="orange">{t("booking.package.page.deadline", { date: offer.bookingDeadline })}</Tag>
            <Typography.Text type={offer.placesLeft > 0 ? "success" : "danger"}>{offer.placesLeft > 0 ? t("booking.package.search.placesLeft", { count: offer.placesLeft }) : t("booking.package.search.soldOut")}</Typography.Text>
          </Space>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Typography.Title level={5}>{t("booking.package.page.itinerary")}</Typography.Title>
              <List size="small" dataSource={offer.itinerary} renderItem={(day) => <List.Item>{day}</List.Item>} />
            </Col>
            <Col xs={24} md={12}>
              <Typography.Title level={5}>{t("booking.package.page.hotels")}</Typography.Title>
              <List size="small" dataSource={offer.hotels} renderItem={(hotel) => (
                <List.Item><List.Item.Meta title={`${hotel.city}: ${hotel.name} ${"★".repeat(hotel.stars)}`} description={`${t("booking.package.page.distance", { metres: hotel.distanceM })} · ${t("booking.package.page.nights", { count: hotel.nights })}`} /></List.Item>
              )} />
              <Typography.Title level={5}>{t("booking.package.page.included")}</Typography.Title>
              <Space wrap>
                <Tag>{t(`booking.package.transport.${offer.transport}`)}</Tag>
                <Tag>{t(`booking.package.meals.${offer.meals}`)}</Tag>
                <Tag>{offer.visaIncluded ? t("booking.package.page.visa") : t("booking.package.page.noVisa")}</Tag>
                {offer.insurancePlan && <Tag>{t("booking.package.page.insurance", { plan: offer.insurancePlan })}</Tag>}
              </Space>
            </Col>
          </Row>
          <Typography.Title level={5}>{t("booking.package.page.prices")}</Typography.Title>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            scroll={{ x: true }}
            dataSource={[...ROOM_SHARINGS.map((sharing) => ({ key: sharing, label: t(`booking.package.sharings.${sharing}`), price: offer.prices[sharing] })), { key: "child", label: t("booking.package.bands.child"), price: offer.prices.child }, { key: "infant", label: t("booking.package.bands.infant"), price: offer.prices.infant }]}
            columns={[{ dataIndex: "label" }, { align: "end", render: (_, row) => <MoneyText money={row.price} /> }]}
            showHeader={false}
          />
        </Space>
      </Card>
      {offer.placesLeft > 0 && <BookingForm offer={offer} />}
    </Space>
  );
}

function BookingForm({ offer }: { offer: PackageOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<BookValues>();
  const [attempt, setAttempt] = useState<OrderAttempt | null>(null);
  const watched = Form.useWatch("rooms", form) as BookValues["rooms"] | undefined;
  const rooms = watched ? toRooms(watched) : null;
  const priced = rooms ? priceRooms(offer.prices, offer, rooms) : null;
  const total = priced?.total ?? { amount: 0, currency: offer.prices.quad.currency };
  const checkout = usePaidCheckout({ product: "package", supplierId: PACKAGE_DESK }, total);
  const countries = useCountries();
  const book = useMutation({
    mutationFn: async (values: BookValues) => {
      // The form requires each title before it submits.
      const request = toRooms(values.rooms)!.map((room) => ({ ...room, pilgrims: room.pilgrims.map((pilgrim) => ({ ...pilgrim, title: pilgrim.title! })) }));
      const payment = await checkout.payment();
      const body = { packageId: offer.id, rooms: request, contact: { email: values.email, phone: values.phone }, payment, expectedTotal: priceRooms(offer.prices, offer, request).total };
      const next = orderAttemptFor(attempt, { ...body, payment: { ...payment, card: checkout.cardDigits } }, newIdempotencyKey);
      setAttempt(next);
      return bookingApi.bookPackage(body, next.key);
    },
    onSuccess: (order) => navigate(`/search/confirmation/${order.id}`),
  });
  const required = { required: true, message: t("booking.package.book.required") };
  // Why the rooms cannot be booked as chosen, said beside the room or pilgrim it concerns.
  const problemsAt = (field: string) =>
    (priced?.problems ?? [])
      // A title that does not fit is refused on its own field.
      .filter((problem) => problem.code !== "titleForAge" && (problem.field === field || problem.field.startsWith(`${field}.`)))
      .map((problem) => (
        <Alert key={`${problem.field}-${problem.code}`} type="warning" showIcon data-testid="package-problem"
          message={t(`booking.package.book.problems.${problem.code}`, { ...problem.values, sharingName: problem.code === "roomSize" ? t(`booking.package.sharings.${String(problem.values.sharing)}`) : "" })} />
      ));
  // Titles that fit a pilgrim's age at departure, once their date of birth is known.
  const pilgrimTitles = (roomIndex: number, index: number) => {
    const birth = watched?.[roomIndex]?.pilgrims?.[index]?.dateOfBirth;
    return birth ? titlesForBirth(birth.format(ISO_DATE), offer.departureDate) : TITLES;
  };
  const roomsFit = priced !== null && priced.problems.length === 0;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={15}>
        <Form form={form} layout="vertical" requiredMark initialValues={{ rooms: [emptyRoom()], email: "", phone: "" }} data-testid="package-book-form">
          <Typography.Title level={4}>{t("booking.package.book.title")}</Typography.Title>
          <Form.List name="rooms">
            {(roomFields, roomList) => (
              <Space direction="vertical" style={{ width: "100%" }}>
                {roomFields.map((roomField, roomIndex) => (
                  <Card key={roomField.key} size="small" title={t("booking.package.book.room", { number: roomIndex + 1 })} data-testid={`package-room-${roomIndex}`}
                    extra={roomFields.length > 1 && <Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => roomList.remove(roomField.name)} aria-label={t("booking.package.book.removeRoom", { number: roomIndex + 1 })} />}>
                    <Form.Item name={[roomField.name, "sharing"]} label={t("booking.package.book.sharing")}>
                      <FormSelect options={ROOM_SHARINGS.map((sharing) => ({ value: sharing, label: t(`booking.package.sharings.${sharing}`) }))} style={{ maxWidth: 240 }} data-testid={`package-room-${roomIndex}-sharing`} />
                    </Form.Item>
                    <Form.List name={[roomField.name, "pilgrims"]}>
                      {(fields, pilgrimList) => (
                        <Space direction="vertical" style={{ width: "100%" }}>
                          {fields.map((field, index) => (
                            <Card key={field.key} size="small" type="inner" title={t("booking.package.book.pilgrim", { number: index + 1 })} data-testid={`package-room-${roomIndex}-pilgrim-${index}`}
                              extra={fields.length > 1 && <Button type="text" danger icon={<MinusCircleOutlined />} onClick={() => pilgrimList.remove(field.name)} aria-label={t("booking.package.book.removePilgrim", { number: index + 1 })} />}>
                              <Row gutter={8}>
                                <Col xs={8} md={4}><TitleField name={[field.name, "title"]} titles={pilgrimTitles(roomIndex, index)} dependencies={[["rooms", roomIndex, "pilgrims", index, "dateOfBirth"]]} testId={`package-room-${roomIndex}-pilgrim-${index}-title`} /></Col>
                                <Col xs={16} md={10}><Form.Item name={[field.name, "firstName"]} label={t("booking.package.book.firstName")} rules={[required]}><Input autoComplete="off" /></Form.Item></Col>
                                <Col xs={24} md={10}><Form.Item name={[field.name, "lastName"]} label={t("booking.package.book.lastName")} rules={[required]}><Input autoComplete="off" /></Form.Item></Col>
                                <Col xs={12} md={8}><Form.Item name={[field.name, "dateOfBirth"]} label={t("booking.package.book.dateOfBirth")} rules={[required]}><DatePicker format={ISO_DATE} style={{ width: "100%" }} data-testid={`package-room-${roomIndex}-pilgrim-${index}-birth`} /></Form.Item></Col>
                                <Col xs={12} md={8}>
                                  <Form.Item name={[field.name, "nationality"]} label={t("booking.package.book.nationality")} rules={[required]}>
                                    <FormSelect showSearch optionFilterProp="label" options={(countries.data ?? []).map((country) => ({ value: country.code, label: country.name }))} />
                                  </Form.Item>
                                </Col>
                                <Col xs={12} md={8}><Form.Item name={[field.name, "passportNumber"]} label={t("booking.package.book.passportNumber")} rules={[required, { pattern: /^[A-Za-z0-9]{5,12}$/ }]}><Input dir="ltr" autoComplete="off" /></Form.Item></Col>
                                <Col xs={12} md={8}><Form.Item name={[field.name, "passportExpiry"]} label={t("booking.package.book.passportExpiry")} rules={[required]}><DatePicker format={ISO_DATE} style={{ width: "100%" }} data-testid={`package-room-${roomIndex}-pilgrim-${index}-expiry`} /></Form.Item></Col>
                                <Col xs={24} md={16}><Form.Item name={[field.name, "photo"]} label={t("booking.package.book.photo")}><DocumentUpload photo testId={`package-room-${roomIndex}-pilgrim-${index}-photo`} /></Form.Item></Col>
                              </Row>
                            </Card>
                          ))}
                          <Button icon={<PlusOutlined />} disabled={fields.length >= 4} onClick={() => pilgrimList.add({ nationality: "KW" })}>{t("booking.package.book.addPilgrim")}</Button>
                        </Space>
                      )}
                    </Form.List>
                    <Space direction="vertical" style={{ width: "100%", marginTop: 8 }}>{problemsAt(`rooms.${roomIndex}`)}</Space>
                  </Card>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => roomList.add(emptyRoom("double"))}>{t("booking.package.book.addRoom")}</Button>
              </Space>
            )}
          </Form.List>
          <div style={{ marginTop: 12 }}><ContactCard /></div>
        </Form>
      </Col>
      <Col xs={24} lg={9}>
        <Card title={t("booking.checkout.payment")} style={{ position: "sticky", top: 80 }}>
          <Space direction="vertical" style={{ width: "100%" }}>
            <Descriptions size="small" column={1}>
              <Descriptions.Item label={t("booking.package.book.total")}><span data-testid="package-total">{roomsFit ? <MoneyText money={total} strong /> : "—"}</span></Descriptions.Item>
            </Descriptions>
            {priced && !roomsFit && <Alert type="info" showIcon data-testid="package-fix-rooms" message={t("booking.package.book.fixRooms")} />}
            <PaymentPanel {...checkout.panel} />
            {book.isError && <Alert type="error" showIcon data-testid="order-error" message={t("booking.checkout.orderFailed")} description={book.error.message} />}
            <Button type="primary" size="large" data-testid="place-order" loading={book.isPending} disabled={!checkout.usable || book.isPending || !roomsFit} onClick={() => void whenValid(form, book.mutate)}>
              {t("booking.package.book.submit")}
            </Button>
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
